/**
 * `npm run lint:deps` (last step): comments in src/, workers/ and build/ say why, not what a bench
 * measured. A measured figure in a comment goes stale the day a bench is run again, and nobody
 * updates it; the decision record it came from holds it with its command and date. This counts
 * the comment lines (starting `//`, `*` or `/*`) that quote a time, a size or a recall, lists
 * them, and fails unless each is one of the named exceptions below: a figure that is the code's
 * own contract (a format's limit, a browser's rule), not a measurement.
 *
 *   tsx scripts/check-comment-figures.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A comment line: what is left of the line after its indentation starts with //, * or /*. */
export const COMMENT_LINE = /^\s*(\/\/|\*|\/\*)/;
/**
 * A number with a unit of time or size (3 s, 0.4 ms, 2 min, 20.8 MB, 64 KB, 1 GB), a share (35 %,
 * 0.6%), a recall at k (R@5), or a score a measure names (nDCG@10 63.4, MRR 0.47, CER 2.0). A
 * confidence level ("95 % interval") names an interval, not a result, and is not counted.
 */
export const FIGURE =
  /(?:^|[^\w.])\d+(?:[.,]\d+)*[ -]?(?:ms|s|min|KB|MB|GB)\b|\bR@\d+|(?:^|[^\w.])\d+(?:[.,]\d+)* ?%(?! (?:percentile-bootstrap |bootstrap )?intervals?)|\b(?:nDCG(?:@\d+)?|MRR|CER) \d/;

/** At most this many exceptions: a figure belongs in docs/decisions/, and an exception must say why it does not. */
export const MAX_EXCEPTIONS = 15;

export interface Exception {
  file: string;
  /** Text of the one comment line allowed. */
  text: string;
  reason: string;
}

export const EXCEPTIONS: readonly Exception[] = [
  { file: 'src/app/i18n/index.svelte.ts', text: '"about 3 min"', reason: 'an example of the words the function builds' },
  { file: 'src/app/lib/format.ts', text: '"512 B", "3.4 MB", "120 MB"', reason: 'examples of the format the function writes' },
  { file: 'src/app/lib/format.ts', text: '2 h 59.5 min', reason: 'an example of the rounding the line below does' },
  { file: 'src/app/state/site-visit.svelte.ts', text: '3.2 MB of 12 MB', reason: 'an example of the words shown' },
  { file: 'src/cli/print.ts', text: '`hybrid weight: dense 35% · lexical 65%', reason: 'an example of the line the function prints' },
  { file: 'src/core/ingest/pdf-tables.ts', text: '"23.9 %"', reason: 'an example of the cells the pattern matches' },
  { file: 'src/core/ingest/errors.ts', text: '"120 MB", "2.5 MB", "3 KB"', reason: 'examples of the format the function writes' },
  { file: 'src/core/engine/memory-report.ts', text: 'Buffers of 1 MB or more', reason: "the report's own threshold, what the field means" },
  { file: 'src/models/download-size.ts', text: '512 MB, the figure issue 39 gives', reason: 'a size the code states for a download, with its source' },
  { file: 'src/app/lib/warm-fonts.ts', text: 'the 50 ms that idle periods last', reason: "the HTML standard's longest idle period, a rule the code keeps" },
  { file: 'workers/engine/image-saver.ts', text: 'usage for about 30 s', reason: "Chromium's usage cache, a browser rule the retry delay answers" },
  { file: 'workers/engine/time-slices.ts', text: 'nested timers are clamped to 4 ms', reason: "the HTML standard's timer clamping, why a message is used" },
];

const FOLDERS = ['src', 'workers', 'build'];
const SOURCE = /\.(ts|js|svelte)$/;

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** The comment lines of `text` that quote a figure. */
export function figuresIn(file: string, text: string): Finding[] {
  return text.split('\n').flatMap((line, i) => (COMMENT_LINE.test(line) && FIGURE.test(line) ? [{ file, line: i + 1, text: line.trim() }] : []));
}

function sources(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const at = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(root, at);
    return SOURCE.test(entry.name) ? [at] : [];
  });
}

/** Every finding under the folders, and which of them no exception allows; exceptions that allow nothing are stale. */
export function checkCommentFigures(root: string, exceptions: readonly Exception[] = EXCEPTIONS) {
  const findings = FOLDERS.flatMap((dir) => sources(root, dir)).flatMap((file) => figuresIn(file, readFileSync(path.join(root, file), 'utf8')));
  const allows = (e: Exception, f: Finding) => e.file === f.file && f.text.includes(e.text);
  const refused = findings.filter((f) => !exceptions.some((e) => allows(e, f)));
  const stale = exceptions.filter((e) => !findings.some((f) => allows(e, f)));
  return { findings, refused, stale, tooMany: exceptions.length > MAX_EXCEPTIONS };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { findings, refused, stale, tooMany } = checkCommentFigures(root);
  for (const f of refused) console.error(`${f.file}:${f.line}: a measured figure in a comment: say why, and link the decision record that holds it\n    ${f.text}`);
  for (const e of stale) console.error(`scripts/check-comment-figures.ts: the exception for ${e.file} ("${e.text}") allows no line any more: remove it`);
  if (tooMany) console.error(`scripts/check-comment-figures.ts: ${EXCEPTIONS.length} exceptions, at most ${MAX_EXCEPTIONS}`);
  const failed = refused.length > 0 || stale.length > 0 || tooMany;
  console.log(`comment figures: ${findings.length} lines in src/, workers/, build/; ${findings.length - refused.length} allowed by ${EXCEPTIONS.length} named exceptions${failed ? '' : ', none other'}`);
  if (failed) process.exit(1);
}
