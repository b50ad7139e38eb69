// ESLint checks one thing here: what a Svelte component may import. dependency-cruiser
// (.dependency-cruiser.cjs) holds the layer rules for every file, but it reads a component only
// after TypeScript has compiled its script, which drops `import type`; ESLint parses the component
// as written (svelte-eslint-parser with the TypeScript parser), so a type-only import of the
// engine, an adapter or a worker from the UI is caught too. The rule is the UI's rule there:
// src/app sees src/client and src/protocol, never core, an adapter, workers or a model library.
import svelteParser from 'svelte-eslint-parser';
import tsParser from '@typescript-eslint/parser';

const UI_IMPORT_RULE = [
  'error',
  {
    patterns: [
      {
        regex: '^(\\.\\./)+(core|models|browser-storage|cli|eval|bench)(/|$)',
        message: 'The UI speaks to the engine through src/client and src/protocol (see ARCHITECTURE.md), types included.',
      },
      {
        regex: '^(\\.\\./)+workers(/|$)',
        message: 'The worker code runs on other threads: the UI reaches it through src/client.',
      },
      {
        regex: '^(@huggingface/transformers|@mlc-ai/web-llm|onnxruntime-[a-z]+|idb)(/|$)',
        message: 'Model runtimes and IndexedDB belong to the worker threads; the UI thread stays responsive.',
      },
    ],
  },
];

export default [
  {
    files: ['src/app/**/*.svelte'],
    languageOptions: { parser: svelteParser, parserOptions: { parser: tsParser } },
    rules: { 'no-restricted-imports': UI_IMPORT_RULE },
  },
];
