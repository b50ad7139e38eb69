/**
 * `npm run bench:browser`: the production build in Debian's Chromium, at the size of a large
 * library, as issue 12 asks — a long PDF dropped and answered while its index is still growing, a
 * library of ~100k entries reopened and searched, what it costs in IndexedDB and memory, and how
 * long the page's main thread was ever blocked; and, asked for, a scanned PDF read by OCR. A
 * benchmark, not a test: it prints numbers and writes JSON (bench-results/browser.json), each
 * beside its baseline from the same run.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, startPreview } from '../../test/browser/support/server.ts';
import { launchBrowser } from '../../test/browser/support/browser.ts';
import { buildLibrary } from './library.ts';
import { benchPdfDrop } from './pdf-drop.ts';
import { benchLargeLibrary, LIBRARY_URL } from './large-library.ts';
import { withProfile } from './browser-profile.ts';
import { installProbe } from './main-thread.ts';
import { BASELINE_PDF, benchScan, buildScan, SCAN_QUESTION } from './scan.ts';
import { MEMORY_SWITCHES } from './tab-memory.ts';
import { printReport } from './report.ts';
import { benchTopics } from './topics.ts';
import { benchSiteLibrary } from './site-library-visit.ts';

const HELP = `npm run bench:browser -- [options]
  --docs <n>          documents in the large library (default 2000)
  --paragraphs <n>    paragraphs per document (default 7: about 12 chunks, 50 entries each)
  --pdf <file>        the long PDF to drop (default NIKE_2019_10K.pdf, 104 pages)
  --question <text>   the question asked about it (and about the scan; default there: one its pages answer)
  --runs <n>          timed questions per strategy (default 20; 0 skips them and the engine's query table)
  --only pdf|library|scan|topics|site-library
                      one part; scan, a scanned PDF read by OCR (minutes), topics, a question
                      about the --pdf file once ready, asked at once (it makes the document's
                      topics) and, in another tab, once the library found them while idle, and
                      site-library, the large library published with the site and visited by a
                      fresh browser beside the same file imported in Settings, run only when asked
                      for, so the default run (pdf and library) takes as long as it did
  --scan-pages <n>    pages of the --pdf file drawn into the scan (default 20)
  --skip-build        reuse the last build in bench-results/dist
  --incognito         keep the large library off the record (in memory), as Playwright's contexts do,
                      instead of in a browser profile on disk
  --trace             trace the app's tabs in Chromium (PDF drop, first visit, reopen), report how much
                      of the main thread's longest tasks it spent running, not waiting for a core, and
                      write each trace beside the JSON (<out>.<part>.trace.json); with LOCI_TRACE_JS=1 in
                      the environment the traces also hold V8's sampling profile (which functions ran;
                      it slows the app down)
  --out <file>        JSON results (default bench-results/browser.json)`;

/**
 * The build the bench serves, a folder of its own: a test run started meanwhile empties
 * test-results/dist for its build, and took the library file and the app from under a bench
 * serving them there (a reopen's fetch of the library then got the app's page).
 */
const BUILD_DIR = path.resolve('bench-results/dist');

async function main(): Promise<void> {
  const { values: v } = parseArgs({
    options: {
      docs: { type: 'string' },
      paragraphs: { type: 'string' },
      pdf: { type: 'string' },
      question: { type: 'string' },
      runs: { type: 'string' },
      only: { type: 'string' },
      'scan-pages': { type: 'string' },
      'skip-build': { type: 'boolean' },
      trace: { type: 'boolean' },
      incognito: { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (v.help) {
    console.log(HELP);
    return;
  }
  const data = path.resolve('../shared/data');
  const pdf = v.pdf ?? path.join(data, 'financebench/pdfs/NIKE_2019_10K.pdf');
  const question = v.question ?? 'What was Nike’s total revenue in fiscal 2019?';
  const runs = Number(v.runs ?? 20);
  const only = v.only;
  if (only !== undefined && !['pdf', 'library', 'scan', 'topics', 'site-library'].includes(only)) throw new Error(`--only ${only}: pdf, library, scan, topics or site-library\n${HELP}`);
  const part = (name: string) => (only === undefined ? name === 'pdf' || name === 'library' : only === name);
  const out = v.out ?? 'bench-results/browser.json';
  const log = (line: string) => console.log(`[bench:browser] ${line}`);
  const tracePath = (part: string): string => `${out.replace(/\.json$/, '')}.${part}.trace.json`;
  const started = Date.now();

  const library = part('library') || part('site-library') ? await buildLibrary(data, { documents: Number(v.docs ?? 2000), paragraphs: Number(v.paragraphs ?? 7) }, log) : undefined;
  const scan = part('scan') ? await buildScan(pdf, Number(v['scan-pages'] ?? 20)) : undefined;
  if (scan) log(`scan: ${scan.source}, ${(scan.bytes / 1e6).toFixed(1)} MB, made in ${(scan.buildMs / 1000).toFixed(1)} s`);
  if (!v['skip-build']) await buildApp(BUILD_DIR);
  if (library && part('library')) await copyFile(library.file, path.join(BUILD_DIR, LIBRARY_URL));
  const server = await startPreview(BUILD_DIR);
  const browser = await launchBrowser(MEMORY_SWITCHES);
  try {
    const drop = part('pdf') ? await benchPdfDrop(browser, server.url, pdf, question, log, v.trace ? tracePath('pdf-drop') : undefined) : undefined;
    const large = library && part('library')
      ? await withProfile({ onDisk: !v.incognito, browser, extraArgs: MEMORY_SWITCHES, setup: installProbe }, (profile) =>
          benchLargeLibrary(profile, server.url, library, runs, log, v.trace ? tracePath : undefined),
        )
      : undefined;
    const site = library && part('site-library') ? await benchSiteLibrary(browser, BUILD_DIR, library, log) : undefined;
    const topics = part('topics') ? await benchTopics(browser, server.url, pdf, question, log) : undefined;
    const scanned = scan ? await benchScan(browser, server.url, scan, v.question ?? SCAN_QUESTION, path.join(data, BASELINE_PDF), log) : undefined;
    const report = { date: new Date().toISOString(), chromium: browser.version(), runs, libraryProfile: v.incognito ? 'off the record' : 'on disk', drop, library: large && { ...large, buildSeconds: library?.buildSeconds }, scan: scanned, topics, site, totalMs: Date.now() - started };
    printReport(report);
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
    log(`wrote ${out} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
