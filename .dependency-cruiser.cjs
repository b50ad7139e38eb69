// The import rules `npm run lint:deps` (part of `npm test`) enforces over src/ and workers/.
// Layers, bottom up: src/core (the engine) ← src/models, src/storage (adapters) ← workers (threads)
// ← src/client (the app's handle on the workers) ← src/app (the UI); src/cli, src/eval and src/bench
// are Node tools on top of core. ARCHITECTURE.md explains them; issue 7 lists the rules still to come.
// Paths match both `node_modules/x` (the real tree) and `../node_modules/x` (the test fixture's).
// Blind spot: `import type` inside a .svelte file is not seen, because the checker reads Svelte's
// compiled output, from which the types are gone; .ts files are read with their type imports.

/** Libraries the engine may use: pure parsers and maths that run alike in Node, workers and tests. */
const CORE_LIBRARIES = [
  'fflate', // unzips EPUB and DOCX containers
  'htmlparser2', // HTML, EPUB and DOCX markup without a DOM
  'mammoth', // DOCX → HTML
  'marked', // the Markdown lexer
  'ml-matrix', // Cholesky for the Gaussian mixture
  'umap-js', // UMAP before clustering
  'pdfjs-dist/legacy', // pdf.js's build that runs in Node too, loaded lazily (ingest/pdfjs.ts)
];

/** Model runtimes and browser storage: heavy or thread-bound, so never in core or on the UI thread. */
const MODEL_AND_STORAGE_LIBRARIES = ['@huggingface/transformers', '@mlc-ai/web-llm', 'onnxruntime-[a-z]+', 'idb'];

const TOOLS = '^src/(cli|eval|bench)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means neither file can be understood, tested or moved without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-only-core',
      comment:
        'src/core is the pure engine: it runs in Node, in workers and in tests, so it imports only ' +
        'itself and the libraries in CORE_LIBRARIES (no DOM, IndexedDB, model library or Node builtin). ' +
        'It reaches models and storage through the ports in src/core/ports.ts.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { pathNot: ['^src/core/', `(^|/)node_modules/(${CORE_LIBRARIES.join('|')})/`] },
    },
    {
      name: 'adapters-import-only-core',
      comment:
        'src/models and src/storage implement core ports; they may import core but not each other, ' +
        'the threads, the client, the UI or the tools.',
      severity: 'error',
      from: { path: '^src/(models|storage)/' },
      to: { path: `^(src/(app|client|cli|eval|bench|models|storage)|workers)/`, pathNot: '^src/$1/' },
    },
    {
      name: 'ui-not-into-workers-or-storage',
      comment:
        'The UI talks to the workers only through src/client (Comlink), and never opens IndexedDB or ' +
        'loads a model library itself: those belong to the worker threads.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: {
        path: [
          '^workers/',
          '^src/storage/',
          TOOLS,
          `(^|/)node_modules/(${MODEL_AND_STORAGE_LIBRARIES.join('|')})/`,
        ],
      },
    },
    {
      name: 'ui-reaches-models-only-for-the-registry',
      comment:
        'The model registry is a table of ids and sizes the settings show; the model adapters run in ' +
        'the workers.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/models/', pathNot: '^src/models/registry\\.ts$' },
    },
    {
      name: 'client-not-into-ui-adapters-or-tools',
      comment:
        'src/client is the thin handle the UI holds on the workers: of the workers it may know only ' +
        'the protocol types (workers/protocol.ts), and nothing of the UI, the adapters or the tools.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: {
        path: ['^src/(app|models|storage)/', TOOLS, '^workers/'],
        pathNot: '^workers/protocol\\.ts$',
      },
    },
    {
      name: 'workers-not-into-ui-or-tools',
      comment:
        'The worker threads serve the UI; of src/client they use only the shared API types ' +
        '(src/client/api.ts), never the Comlink client itself.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: ['^src/app/', TOOLS, '^src/client/'], pathNot: '^src/client/api\\.ts$' },
    },
    {
      name: 'browser-code-without-node-builtins',
      comment:
        'Everything but the Node tools ships to the browser. Exceptions: src/models/node.ts and ' +
        'src/models/ocr-node.ts (the Node model paths, loaded by the CLI) and workers/build/ (a Vite ' +
        'plugin that runs at build time).',
      severity: 'error',
      from: {
        path: '^(src/(core|models|storage|client|app)|workers)/',
        pathNot: '^(src/models/(node|ocr-node)\\.ts$|workers/build/)',
      },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-unresolvable',
      comment:
        'An import the checker cannot resolve escapes every rule above. Vite asset imports (`?url`) ' +
        'are the bundler\'s to resolve.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '\\?url$' },
    },
  ],
  options: {
    // Type-only imports count: the layers' contracts are types as much as code.
    tsPreCompilationDeps: true,
    // Packages are leaves: the rules are about this project's imports, not its dependencies'.
    doNotFollow: { path: '(^|/)node_modules/' },
    // The conditions Vite and Node use, so a package resolves to the file the app really loads.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'module', 'browser', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.svelte', '.d.ts'],
    },
  },
};
