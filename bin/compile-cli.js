// The CLI's TypeScript compiled into one module by esbuild, on the first run after a source changed,
// and kept in node_modules/.cache/loci-cli. Loading it costs a start 0.9 s of CPU against 2.2 s
// through tsx's module hooks, which compile and resolve each of some 300 files in a thread of their
// own on every start (`loci --help`, three runs each; docs/decisions/2026-12-02-test-suite-time.md).
// The check that it is current stats the files it was built from: a few milliseconds.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'src/cli/main.ts';
/** The files whose change makes the module stale besides its sources: this one and the packages. */
const ALWAYS = ['bin/compile-cli.js', 'package-lock.json'];

/**
 * The compiled CLI's file URL, compiling it first when a file it was built from has changed.
 * `root` is the project's folder (another only in this module's tests).
 */
export async function compiledCli(root = PROJECT) {
  const dir = path.join(root, 'node_modules/.cache/loci-cli');
  const out = { root, dir, module: path.join(dir, 'main.mjs'), manifest: path.join(dir, 'inputs.json') };
  if (!current(out)) await compile(out);
  return pathToFileURL(out.module).href;
}

/** Size and modification time: what says a file changed, without reading it. */
function stamp(root, file) {
  try {
    const s = statSync(path.join(root, file));
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

function current(out) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(out.manifest, 'utf8'));
    statSync(out.module);
  } catch {
    return false;
  }
  return Object.entries(inputs).every(([file, seen]) => stamp(out.root, file) === seen);
}

async function compile(out) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const result = await build({
    absWorkingDir: out.root,
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // packages load from node_modules as they would through tsx: only the project's own files are joined
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    outfile: out.module,
    logLevel: 'silent',
    plugins: [keepModuleUrls],
  });
  // Files are written under names of this process's own and renamed into place, so that two
  // commands compiling at once (tests run several) never read each other's half-written files.
  mkdirSync(out.dir, { recursive: true });
  const inputs = Object.fromEntries([...Object.keys(result.metafile.inputs), ...ALWAYS].map((file) => [file, stamp(out.root, file)]));
  // a source saved while esbuild read it may be in the module as it was before: no manifest then,
  // so the next start compiles again rather than trusting the newer stamp
  const changedMeanwhile = Object.values(inputs).some((seen) => Number(seen.split(':')[1]) >= started);
  const files = [...result.outputFiles.map((f) => [f.path, f.contents]), ...(changedMeanwhile ? [] : [[out.manifest, JSON.stringify(inputs)]])];
  for (const [file, contents] of files) {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  }
}

/**
 * Each module's `import.meta.url` stays its own source file's URL, as it is under tsx: the modules
 * that find a file beside themselves (a worker thread's module, say) find it where it is.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};
