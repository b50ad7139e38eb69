/**
 * `loci compare`: two `loci eval --json` runs (or two methods of one) compared question by
 * question, the table that decides whether a change is kept.
 */
import { parseArgs } from 'node:util';
import { compareReports } from '../../eval/compare/compare-reports.ts';
import { readEvalReport } from '../../eval/compare/load-report.ts';
import { comparisonTable } from '../../eval/compare/table.ts';
import { UsageError } from '../options.ts';

export const COMPARE_HELP = `loci compare <a.json> [<b.json>] [--method <label>] [--versus <label>] [--metrics <list>]
  Compares two \`loci eval --json\` runs of one dataset and split question by question, A minus B
  (run the change as A, the run it would replace as B): for each method both ran, and each run's
  default configuration against the other's whatever their labels, the questions won, lost and
  tied on each headline metric, and the mean difference in points with its 95 % interval (a
  bootstrap over the shared questions). With one file, compares two of its methods.
  --method <label>          only this method ("default": each run's default configuration)
  --versus <label>          compare --method (default: the default configuration) with this method
                            of B, or of A when only one file is given
  --metrics <list>          per-question keys of the JSON, e.g. recall@5,allGold@5,ndcg@10,recall@1024t
                            (default: Recall@5, All-gold@5 when a question has several gold items, nDCG@10)`;

const OPTIONS = {
  method: { type: 'string' },
  versus: { type: 'string' },
  metrics: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function compareCommand(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  if (v.help) return console.log(COMPARE_HELP), 0;
  if (positionals.length === 0 || positionals.length > 2) throw new UsageError(`give one or two \`loci eval --json\` files (got ${positionals.length})`);
  const [aFile, bFile = aFile] = positionals;
  if (positionals.length === 1 && v.versus === undefined) throw new UsageError('one file compares two of its methods: give --versus <label> (and --method <label>, else its default)');
  const metrics = v.metrics?.split(',').map((m) => m.trim()).filter(Boolean);
  if (metrics?.length === 0) throw new UsageError('--metrics needs at least one key, e.g. recall@5');

  const a = await readEvalReport(aFile);
  // one file compared with itself is read once
  const b = bFile === aFile ? a : await readEvalReport(bFile);
  const comparison = compareReports(a, b, {
    of: aFile,
    against: bFile,
    ...(v.method !== undefined ? { method: v.method } : {}),
    ...(v.versus !== undefined ? { versus: v.versus } : {}),
    ...(metrics ? { metrics } : {}),
  });
  console.log(comparisonTable(comparison));
  return 0;
}
