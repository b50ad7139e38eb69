/** The `loci` command line: index, ask, inspect, repair, convert, eval, compare, bench-core. */
import { askCommand, ASK_HELP } from './commands/ask.ts';
import { indexCommand, INDEX_HELP } from './commands/index.ts';
import { inspectCommand, INSPECT_HELP } from './commands/inspect.ts';
import { repairCommand, REPAIR_HELP } from './commands/repair.ts';
import { convertCommand, CONVERT_HELP } from './commands/convert.ts';
import { UsageError } from './options.ts';
import { DEFAULT_EMBEDDER } from '../models/registry.ts';

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: () => Promise<Command>; help: string }> = {
  index: { run: async () => indexCommand, help: INDEX_HELP },
  ask: { run: async () => askCommand, help: ASK_HELP },
  inspect: { run: async () => inspectCommand, help: INSPECT_HELP },
  repair: { run: async () => repairCommand, help: REPAIR_HELP },
  convert: { run: async () => convertCommand, help: CONVERT_HELP },
  eval: { run: async () => (await import('./commands/eval.ts')).evalCommand, help: 'loci eval --dataset <name> … (loci eval --help)' },
  compare: {
    run: async () => (await import('./commands/compare.ts')).compareCommand,
    help: 'loci compare <a.json> [<b.json>] [--method <label>] [--versus <label>] [--metrics <list>] (loci compare --help)',
  },
  bench: { run: async () => (await import('./commands/bench.ts')).benchCommand, help: 'loci bench [--quick] [--only …] [--out <file.json>]' },
  'bench-ocr': { run: async () => (await import('./commands/bench-ocr.ts')).benchOcrCommand, help: 'loci bench-ocr [--data <dir>] [--out <file.json>] (npm run bench:ocr)' },
  'bench-core': { run: async () => (await import('./commands/bench-core.ts')).benchCoreCommand, help: 'loci bench-core [--sizes …] [--chunks …] [--runs <n>] [--out <file.json>] (loci bench-core --help)' },
};

const USAGE = `loci — private document question answering (CAP-RAG)

${Object.values(COMMANDS)
  .map((c) => c.help.split('\n')[0])
  .join('\n')}

Models: a model that is not in ../shared/models (or $LOCI_MODELS_DIR) is downloaded from the model hub
on first use (or from the mirror $LOCI_MODEL_HOST) and kept in ~/.cache/loci/models; --models <dir>
reads that folder only. --embedder use-lite-en needs no download at all.

Common: --models <dir>, --embedder (default ${DEFAULT_EMBEDDER}), --llm, --reranker,
--strategy, --retriever dense|lexical|hybrid, --backtrack ranked|paper, --hops 1|2, -n, -m, --preparse llm|extractive|off, --preparse-budget, --max-new-tokens, --json`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? 0 : 2;
  }
  // own keys only: "constructor" or "toString" is no command
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  try {
    return await (await command.run())(rest);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`loci ${name}: ${error.message}`);
      return 2;
    }
    if (error instanceof Error && ['IndexMismatchError', 'IndexFormatError', 'IngestError', 'QuestionError', 'IndexLockedError', 'IndexDamagedError', 'ModelMissingError', 'ModelDownloadError', 'ComparisonError', 'OlderExportError'].includes(error.name)) {
      console.error(`loci ${name}: ${error.message}`);
      return 1;
    }
    // Node's file-system errors (no such folder, no permission, disk full) are the person's to fix.
    if (error instanceof Error && 'code' in error && 'path' in error && typeof error.code === 'string') {
      console.error(`loci ${name}: cannot use ${String(error.path)}: ${error.code} (${error.message})`);
      return 1;
    }
    throw error;
  }
}
