/** `npm run bench:ocr` (`loci bench-ocr`): OCR quality and speed against Debian's tesseract; see bench/core/ocr-bench.ts. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchOcrPage, loadBenchOcr, summarize, type OcrBenchRow } from '../../../bench/core/ocr-bench.ts';
import { benchNoisePages, confidenceGroups, thresholdOutcomes } from '../../../bench/core/ocr-confidence-bench.ts';
import { MIN_LINE_CONFIDENCE } from '../../core/ingest/ocr-confidence.ts';
import { DEGRADED, OCR_BENCH_PAGES } from '../../../bench/core/ocr-pages.ts';
import { tesseractVersion } from '../../../bench/core/tesseract.ts';
import { textTable } from '../../../bench/core/text-table.ts';
import { PADDLE_OCR_ID } from '../../models/ocr-models.ts';

export const BENCH_OCR_HELP = `loci bench-ocr [options]
  Renders pages of the shared PDFs (clean, and degraded: ${DEGRADED.resolution}× the resolution, turned ${DEGRADED.rotate}°,
  noise σ ${DEGRADED.noise}), OCRs them with the app's PP-OCRv4 and with Debian's tesseract, and reports
  character error rate against each PDF's own text layer (also over the text layer's text alone:
  lines or words at least half over its runs) and pages per second. Then reads pages of word-shaped
  noise (no text) and prints the confidence of the lines PP-OCRv4 reads on both kinds of page, and
  what dropping the lines below each confidence costs the real pages and leaves of the noise: the
  numbers the threshold indexing drops OCR lines below (${MIN_LINE_CONFIDENCE}) is chosen from.
  --data <dir>   the shared data folder (default ../shared/data)
  --out <file>   JSON results (default bench-results/ocr.json)`;

export async function benchOcrCommand(argv: string[]): Promise<number> {
  const { values: v } = parseArgs({ args: argv, options: { data: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (v.help) return console.log(BENCH_OCR_HELP), 0;
  const dataDir = path.resolve(v.data ?? process.env.LOCI_DATA_DIR ?? '../shared/data');
  const out = v.out ?? 'bench-results/ocr.json';
  const tesseract = tesseractVersion();
  const ocr = await loadBenchOcr();
  const rows: OcrBenchRow[] = [];
  const log = (line: string) => process.stderr.write(`${line}\n`);
  for (const spec of OCR_BENCH_PAGES) rows.push(...(await benchOcrPage(dataDir, spec, ocr, log)));
  const noise = await benchNoisePages(ocr, log);

  const pct = (x: number) => 100 * x;
  console.log(
    textTable(
      `\nOCR per page: CER % (non-space characters, NFKC) against the PDF's text layer; seconds`,
      ['page', 'variant', 'pixels', 'chars', 'PP-OCRv4 CER', 'tesseract CER', 'PP-OCRv4 any order', 'tesseract any order', 'PP-OCRv4 over text', 'tesseract over text', 'PP-OCRv4 s', 'tesseract s'],
      rows.map((r) => [
        `${r.file} p. ${r.page}`,
        r.variant,
        `${r.width}×${r.height}`,
        r.chars,
        pct(r.paddle.cer),
        pct(r.tesseract.cer),
        pct(r.paddle.orderFree),
        pct(r.tesseract.orderFree),
        pct(r.paddle.overText.cer),
        pct(r.tesseract.overText.cer),
        r.paddle.seconds,
        r.tesseract.seconds,
      ]),
    ),
  );
  const groups = ['en', 'zh'].flatMap((lang) => (['clean', 'degraded'] as const).map((variant) => ({ lang, variant, rows: rows.filter((r) => r.lang === lang && r.variant === variant) })));
  const summary = groups
    .filter((g) => g.rows.length > 0)
    .map((g) => ({ lang: g.lang, variant: g.variant, pages: g.rows.length, paddle: summarize(g.rows, 'paddle'), tesseract: summarize(g.rows, 'tesseract') }));
  console.log(
    textTable(
      `\nSummary: character-weighted CER % (in reading order; in any order; over the text layer's text alone, in reading order and in any order), pages per second (${tesseract}; 2 CPU cores)`,
      [
        'language',
        'variant',
        'pages',
        'PP-OCRv4 CER',
        'tesseract CER',
        'PP-OCRv4 any order',
        'tesseract any order',
        'PP-OCRv4 over text',
        'tesseract over text',
        'PP-OCRv4 over text, any order',
        'tesseract over text, any order',
        'PP-OCRv4 pages/s',
        'tesseract pages/s',
      ],
      summary.map((s) => [
        s.lang,
        s.variant,
        s.pages,
        pct(s.paddle.cer),
        pct(s.tesseract.cer),
        pct(s.paddle.orderFree),
        pct(s.tesseract.orderFree),
        pct(s.paddle.overText.cer),
        pct(s.tesseract.overText.cer),
        pct(s.paddle.overText.orderFree),
        pct(s.tesseract.overText.orderFree),
        s.paddle.pagesPerSecond,
        s.tesseract.pagesPerSecond,
      ]),
    ),
  );
  const confidences = confidenceGroups(rows, noise);
  console.log(
    textTable(
      `\nPP-OCRv4's confidence in the lines it reads, on the real pages above and on pages of word-shaped noise (${[...new Set(noise.map((n) => n.kind))].join(', ')}): percentiles`,
      ['pages', 'count', 'lines', 'p1', 'p5', 'p10', 'p25', 'p50', 'p90', 'max'],
      confidences.map((g) => [g.group, g.pages, g.lines, g.p1, g.p5, g.p10, g.p25, g.p50, g.p90, g.max]),
    ),
  );
  const thresholds = thresholdOutcomes(rows, noise);
  console.log(
    textTable(
      `\nLines below a confidence dropped: CER % over the real pages' text, % of their characters dropped, and what is left of the noise (${noise.length} pages); indexing drops below ${MIN_LINE_CONFIDENCE}`,
      ['below', 'clean CER', 'degraded CER', 'clean dropped', 'degraded dropped', 'noise lines', 'noise chars', 'noise pages with text'],
      thresholds.map((t) => [
        `${t.threshold}${t.threshold === MIN_LINE_CONFIDENCE ? ' (used)' : ''}`,
        pct(t.cleanCer),
        pct(t.degradedCer),
        pct(t.cleanDropped),
        pct(t.degradedDropped),
        t.noiseLines,
        t.noiseChars,
        t.noisePagesWithText,
      ]),
    ),
  );
  await mkdir(path.dirname(out), { recursive: true });
  const confidence = { minLineConfidence: MIN_LINE_CONFIDENCE, groups: confidences, thresholds, noise };
  await writeFile(out, JSON.stringify({ ocr: PADDLE_OCR_ID, tesseract, degraded: DEGRADED, summary, rows, confidence }, null, 2));
  console.log(`\nwrote ${out}`);
  return 0;
}
