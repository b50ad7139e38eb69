// The import rules `npm run lint:deps` (part of `npm test`) enforces over src/ and workers/.
// Layers, bottom up: src/core (the engine) ← src/models, src/browser-storage (adapters) ← workers (threads);
// src/protocol (the app↔engine contract: core's vocabulary, the client API, the worker APIs) sits
// between the threads and the page: workers and src/client (the page's handle on the workers) meet
// only there, and src/app (the UI) sees only src/client and src/protocol. src/cli and src/eval are
// Node tools on top of core, as are the benchmarks in bench/. ARCHITECTURE.md explains them.
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
  'xxhash-wasm', // checksums of stored blocks (util/checksum.ts)
  'pdfjs-dist/legacy', // pdf.js's build that runs in Node too, loaded lazily (ingest/pdfjs.ts)
];

/** Model runtimes and browser storage: heavy or thread-bound, so never in core or on the UI thread. */
const MODEL_AND_STORAGE_LIBRARIES = ['@huggingface/transformers', '@mlc-ai/web-llm', 'onnxruntime-[a-z]+', 'idb'];

const TOOLS = '^(src/(cli|eval)|bench)/';

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
        'src/models and src/browser-storage implement core ports; they may import core but not each other, ' +
        'the contract, the threads, the client, the UI or the tools.',
      severity: 'error',
      from: { path: '^src/(models|browser-storage)/' },
      to: { path: `^(src/(app|client|protocol|cli|eval|models|browser-storage)|workers|bench)/`, pathNot: '^src/$1/' },
    },
    {
      name: 'protocol-imports-only-core-and-model-facts',
      comment:
        'src/protocol is the contract both sides of the page↔engine boundary import, so it may import ' +
        'nothing of either side: only core (the vocabulary it re-exports), the model table the settings ' +
        'offer (src/models/registry.ts) with which file a device loads and its size (dtype-choice.ts, ' +
        'download-size.ts: pure data and rules) and the shape of a device report (src/models/device.ts).',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { path: '^(src|workers)/', pathNot: '^src/(protocol|core)/|^src/models/(registry|device|dtype-choice|download-size)\\.ts$' },
    },
    {
      name: 'ui-imports-only-client-and-protocol',
      comment:
        'The UI holds a LociClient (src/client) and speaks the contract (src/protocol); the engine, ' +
        'the adapters and the worker code are behind the client, on other threads.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^(src|workers)/', pathNot: '^src/(app|client|protocol)/' },
    },
    {
      name: 'ui-without-model-or-storage-libraries',
      comment: 'Model runtimes and IndexedDB belong to the worker threads; the UI thread stays responsive.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: `(^|/)node_modules/(${MODEL_AND_STORAGE_LIBRARIES.join('|')})/` },
    },
    {
      name: 'client-imports-only-protocol',
      comment:
        'src/client starts the workers and forwards the contract over Comlink: it knows the workers ' +
        'only through src/protocol, and nothing of the engine, the adapters, the UI or the tools.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^(src|workers)/', pathNot: '^src/(client|protocol)/' },
    },
    {
      name: 'workers-not-into-ui-client-or-tools',
      comment:
        'The worker threads serve the contract in src/protocol; the Comlink client and the UI that ' +
        'call them live on the page.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: ['^src/(app|client)/', TOOLS] },
    },
    {
      name: 'browser-code-without-node-builtins',
      comment:
        'Everything but the Node tools ships to the browser. Exceptions: the Node model paths, loaded ' +
        'by the CLI (src/models/node.ts, ocr-node.ts, and node-*.ts there and in use-lite/).',
      severity: 'error',
      from: {
        path: '^(src/(core|models|browser-storage|protocol|client|app)|workers)/',
        pathNot: '^src/models/(use-lite/)?(node|ocr-node|node-[a-z-]+)\\.ts$',
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
