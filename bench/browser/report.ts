/** The browser benchmark's results as tables for the terminal, each figure beside its baseline. */
import { textTable, type Cell } from '../core/text-table.ts';
import type { DropResult } from './pdf-drop.ts';
import type { LargeLibraryResult, Reopen } from './large-library.ts';
import type { ScanResult } from './scan.ts';
import type { TopicsResult } from './topics.ts';
import type { SiteLibraryResult } from './site-library-visit.ts';
import { modelsApart, type TabMemory } from './tab-memory.ts';
import type { MainThreadReading } from './main-thread.ts';
import { taskTraceLine, type TaskTrace } from './task-trace.ts';
import { memoryRows } from './memory-table.ts';

export interface BrowserReport {
  chromium: string;
  drop?: DropResult;
  library?: LargeLibraryResult;
  scan?: ScanResult;
  topics?: TopicsResult;
  site?: SiteLibraryResult;
}

const s = (ms: number) => ms / 1000;
const mb = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / 1e6);
const memoryOf = (m: TabMemory | undefined) => mb(m?.total);
const restOf = (m: TabMemory | undefined) => mb(m && modelsApart(m).rest);
const modelsOf = (m: TabMemory | undefined) => mb(m && modelsApart(m).models);

export function printReport(report: BrowserReport): void {
  const { drop, library, scan, topics, site } = report;
  if (site) printSite(site, report.chromium);
  if (scan) printScan(scan, report.chromium);
  if (topics) printTopics(topics, report.chromium);
  if (drop) {
    console.log(
      textTable(
        `\nA ${drop.pages}-page PDF dropped on the app (${drop.pdf}, ${drop.chunks} passages), Chromium ${report.chromium}`,
        ['measure', 'value', 'target'],
        [
          ...Object.entries(drop.stages).map(([stage, ms]): Cell[] => [`drop → row says ${stage} (s)`, s(ms), undefined]),
          ['drop → searchable by words (s)', s(drop.searchableMs), undefined],
          ['drop → embedded (s)', s(drop.stages.embedded), undefined],
          ['drop → first answer on screen (s)', s(drop.firstAnswerMs), '≤ 10'],
          ['drop → fully indexed (s)', s(drop.readyMs), '≤ 60'],
          ['main thread: longest long task (ms)', drop.mainThread.longestTaskMs, '≤ 50'],
          ['main thread: long tasks (> 50 ms)', drop.mainThread.longTasks, '0'],
          ['main thread: longest 10 ms timer gap (ms)', drop.mainThread.longestTimerGapMs, undefined],
          ...traceRows('main thread', drop.trace, '≤ 50'),
          ['tab memory after (MB)', memoryOf(drop.memory), undefined],
        ],
      ),
    );
    for (const frame of drop.mainThread.worstFrames) console.log(`  ${frameLine(frame)}`);
    if (drop.trace) console.log(`  ${taskTraceLine(drop.trace)}`);
  }
  if (library) {
    const { loaded, engine } = library;
    console.log(
      textTable(
        `\nA library of ${loaded.documents} documents, ${loaded.chunks} chunks, ${loaded.entries} entries (${loaded.dimension}-d)`,
        ['measure', 'value', 'target'],
        [
          ['written to IndexedDB (s)', s(loaded.ms), undefined],
          ['IndexedDB (MB)', mb(library.storedBytes), undefined],
          [`IndexedDB bytes per entry (${loaded.dimension}-d)`, library.storedBytesPerEntry, undefined],
          [`the open image, bytes per entry (${loaded.dimension}-d)`, library.imageBytes === undefined ? undefined : library.imageBytes / loaded.entries, undefined],
          ['IndexedDB bytes per entry at 384-d', library.at384.indexedDBBytes / library.at384.entries, undefined],
          ['IndexedDB bytes per entry at 384-d, closed 15 s later', library.at384.indexedDBBytesSettled / library.at384.entries, undefined],
          ['vector files, bytes per entry at 384-d, before the image', library.at384.vectorFileBytes / library.at384.entries, undefined],
          ['the open image, bytes per entry at 384-d', library.at384.imageBytes / library.at384.entries, undefined],
          ['vector files, bytes per entry at 384-d, after the image', library.at384.vectorFileBytesAfterImage / library.at384.entries, undefined],
          [
            'stored, bytes per entry at 384-d (IndexedDB, the image and the files left)',
            (library.at384.indexedDBBytes + library.at384.imageBytes + library.at384.vectorFileBytesAfterImage) / library.at384.entries,
            '≤ 1,200',
          ],
          [
            'the same, IndexedDB closed 15 s later',
            (library.at384.indexedDBBytesSettled + library.at384.imageBytes + library.at384.vectorFileBytesAfterImage) / library.at384.entries,
            '≤ 1,200',
          ],
          ...library.openSteps.stores.map((st): Cell[] => [`open step: read ${st.name} (${st.records} records) (s)`, s(st.ms), undefined]),
          ['open step: the store\'s load(), all of it (s)', s(library.openSteps.load), undefined],
          ['open step: the engine over the loaded records (s)', s(library.openSteps.engine), undefined],
          ...reopenRows('first visit', library.firstVisit),
          ...reopenRows('reopen', library.reopen),
          ...reopenRows('reopen, two writes behind the image', library.reopenBehind),
        ],
      ),
    );
    for (const [label, r] of [['first visit', library.firstVisit], ['reopen', library.reopen], ['reopen behind', library.reopenBehind]] as const) if (r.trace) console.log(`  ${label}: ${taskTraceLine(r.trace)}`);
    console.log(
      textTable(
        `\nMemory once answered (MB): the tab by scope (the models are the embed and LLM workers' and their onnxruntime threads'), and the engine worker by structure, estimated from the structures' own lengths`,
        ['measure', 'first visit, image saved', 'reopened', 'reopened, two writes behind'],
        memoryRows([library.firstVisit.memory, library.reopen.memory, library.reopenBehind.memory]),
      ),
    );
    if (!engine) return;
    const scan = engine.baseline[0].p50;
    console.log(
      textTable(
        `\nQuestion → sources through the app's workers (p50, p95 of ${library.queries[0]?.runs} questions); baseline: a flat float32 scan of every entry in the same tab, p50 ${scan.toFixed(1)} ms`,
        ['strategy', 'retriever', 'p50 ms', 'p95 ms', '× scan'],
        library.queries.map((q): Cell[] => [q.strategy, q.retriever, q.p50, q.p95, q.p50 / scan]),
      ),
    );
    console.log(
      textTable(
        `\nThe engine's search alone in the tab (bench/core/index-bench.ts at ${engine.baseline[0].entries} synthetic entries), each beside the flat float32 scan timed interleaved with it`,
        ['strategy', 'vectors', 'hybrid', 'p50 ms', 'scan p50 ms', '× scan'],
        engine.query.map((q): Cell[] => [q.strategy, q.storage, q.hybrid ? 'yes' : 'no', q.p50, q.baselineP50, q.ratio]),
      ),
    );
  }
}

function printScan(result: ScanResult, chromium: string): void {
  const { scan, baseline } = result;
  const { ocr } = scan;
  // either row may skip a stage the other showed (the scan's goes from its last page straight past parsed)
  const stages = ['parsed', 'chunked', 'embedded', 'clustered', 'preparsed'].filter((st) => st in scan.stages || st in baseline.stages);
  console.log(
    textTable(
      `\nA ${ocr.pages}-page scan dropped on the app (${result.source}, one JPEG a page, no text layer: ${scan.chunks} passages once read), Chromium ${chromium}` +
        `\nbaseline: a ${baseline.pages}-page text PDF dropped in the same run (${baseline.name}, ${baseline.chunks} passages)`,
      ['measure', 'scan', 'text PDF'],
      [
        [`drop → OCR begins, "0 of ${ocr.pages}" (s)`, s(ocr.startMs), undefined],
        ['drop → first page read, OCR worker start and models included (s)', s(ocr.firstPageMs), undefined],
        [`OCR: "0 of ${ocr.pages}" → last page read${ocr.lastStepSeen ? '' : ' (row past OCR)'} (s)`, s(ocr.ocrMs), undefined],
        ['OCR: seconds a page after the first, median', s(ocr.perPageMs.median), undefined],
        ['OCR: seconds a page after the first, max', s(ocr.perPageMs.max), undefined],
        ...stages.map((stage): Cell[] => [`drop → row says ${stage} (s)`, s(scan.stages[stage]), s(baseline.stages[stage])]),
        ['drop → ready (s)', s(scan.readyMs), s(baseline.readyMs)],
        ['asked once ready → first sources (s)', s(scan.sourcesMs), s(baseline.sourcesMs)],
        ['asked once ready → answer done (s)', s(scan.answerMs), s(baseline.answerMs)],
        ['main thread during OCR: longest long task (ms)', ocr.mainThread.longestTaskMs, undefined],
        ['main thread during OCR: long tasks (> 50 ms)', ocr.mainThread.longTasks, undefined],
        ['main thread during OCR: longest 10 ms timer gap (ms)', ocr.mainThread.longestTimerGapMs, undefined],
        ['main thread drop → ready: longest long task (ms)', scan.mainThread.longestTaskMs, baseline.mainThread.longestTaskMs],
        ['main thread drop → ready: long tasks (> 50 ms)', scan.mainThread.longTasks, baseline.mainThread.longTasks],
        ['tab memory after the answer (MB)', memoryOf(scan.memory), memoryOf(baseline.memory)],
      ],
    ),
  );
  for (const frame of ocr.mainThread.worstFrames) console.log(`  during OCR: ${frameLine(frame)}`);
  console.log(`  scan: ${(result.scanBytes / 1e6).toFixed(1)} MB, drawn and encoded in Node in ${s(result.buildMs).toFixed(1)} s; questions: "${result.question}" (scan), "${baseline.question}" (text PDF)`);
}

function reopenRows(label: string, r: Reopen): Cell[][] {
  return [
    [`${label}: index read from the ${r.index.from}${r.index.recordsSince > 0 ? ` and ${r.index.recordsSince} records written since` : ''} (s)`, s(r.index.readMs), undefined],
    [`${label}: index open, embedder loaded alongside (s)`, s(r.index.ms), undefined],
    [`${label}: navigation → client started (models loaded, index open) (s)`, s(r.startedMs), undefined],
    [`${label}: navigation → app ready, Ask enabled (s)`, s(r.readyMs), undefined],
    ...openRatioRows(label, r),
    [`${label}: navigation → question asked from the page once ready (s)`, s(r.askedMs), undefined],
    [`${label}: navigation → first sources (s)`, s(r.sourcesMs), label === 'reopen' ? '≤ 1.3' : undefined],
    [`${label}: navigation → first sources, on the bench's clock through Playwright (s)`, s(r.benchSourcesMs), undefined],
    [`${label}: navigation → answer done (s)`, s(r.answerMs), undefined],
    [`${label}: longest main-thread task (ms)`, r.mainThread.longestTaskMs, undefined],
    ...traceRows(`${label}: main thread`, r.trace),
    ...engineRows(label, r.trace),
    [`${label}: tab memory, models apart (MB)`, restOf(r.memory.found), '≤ 300'],
    [`${label}: tab memory, models apart, after a full collection (MB)`, restOf(r.memory.held), '≤ 300'],
    [`${label}: the models' workers, after a full collection (MB)`, modelsOf(r.memory.held), undefined],
    [`${label}: tab memory, models included (MB)`, memoryOf(r.memory.found), undefined],
    [`${label}: tab memory, models included, after a full collection (MB)`, memoryOf(r.memory.held), undefined],
  ];
}

/**
 * Issue 73's reopen ratio beside its parts: the work after the image's bytes are in hand (image
 * read → ready) against reading them (navigation → image read). Ratios in one run compare across
 * machines where seconds do not.
 */
function openRatioRows(label: string, r: Reopen): Cell[][] {
  const read = r.steps['image-read'];
  // a first visit has no image to read: its mark says only that none was there
  if (read === undefined || r.index.from !== 'image') return [];
  const decoded = r.steps['image-decoded'];
  const open = r.steps['index-open'];
  return [
    [`${label}: navigation → image read (s)`, s(read), undefined],
    ...(decoded === undefined ? [] : [[`${label}: image read → decoded (s)`, s(decoded - read), undefined] as Cell[]]),
    ...(decoded === undefined || open === undefined ? [] : [[`${label}: image decoded → index open (s)`, s(open - decoded), undefined] as Cell[]]),
    ...(open === undefined ? [] : [[`${label}: index open → app ready (s)`, s(r.readyMs - open), undefined] as Cell[]]),
    [`${label}: ratio (image read → ready) / (navigation → image read)`, ratio(r.readyMs - read, read), label === 'reopen' ? '≤ 1' : undefined],
  ];
}

const ratio = (part: number, whole: number) => Math.round((part / whole) * 100) / 100;

/** With --trace: how much of the longest task ran, and the longest-running task (the page's own work, not waits for a core). */
function traceRows(label: string, trace: TaskTrace | undefined, target?: string): Cell[][] {
  if (!trace) return [];
  return [
    [`${label} (traced): longest task, of it running (ms)`, trace.longest?.runningMs ?? 0, undefined],
    [`${label} (traced): longest-running task (ms)`, trace.longestRunning?.runningMs ?? 0, target],
    [`${label} (traced): tasks running ≥ 50 ms`, trace.longRunningTasks, target && '0'],
  ];
}

/** With --trace: the engine worker's longest task once the index was open, how long a question asked then may wait. */
function engineRows(label: string, trace: TaskTrace | undefined): Cell[][] {
  return trace?.engineAfterOpen ? [[`${label}: engine worker's longest task once the index was open (traced, ms)`, trace.engineAfterOpen.ms, undefined]] : [];
}

function frameLine(frame: MainThreadReading['worstFrames'][number]): string {
  const scripts = frame.scripts.join('; ') || 'no script over 5 ms';
  return `long frame ${frame.ms} ms at ${(frame.atMs / 1000).toFixed(1)} s (style and layout ${frame.layoutMs} ms): ${scripts}`;
}

function printSite(result: SiteLibraryResult, chromium: string): void {
  const { visit, imported } = result;
  console.log(
    textTable(
      `\nA site's library of ${result.documents} documents, ${result.entries} entries (${mb(result.fileBytes)?.toFixed(1)} MB, originals ${mb(result.originalBytes)?.toFixed(1)} MB), visited by a fresh browser, Chromium ${chromium}` +
        '\nbaseline: the same file imported through Settings in another fresh browser',
      ['measure', 'visit', 'imported', 'target'],
      [
        ['the library file, bytes an entry, originals apart', visit.bytesPerEntry, undefined, '≤ 1,200'],
        ['library bytes sent during the visit, compressed by the server (MB)', mb(visit.libraryBytes), undefined, undefined],
        ["the app's own files sent: pages, precache, tiny models (MB)", mb(visit.appBytes), undefined, undefined],
        ['navigation → app ready (s)', s(visit.startedMs), s(imported.startedMs), undefined],
        ['navigation → download begins (s)', s(visit.downloadStartMs), undefined, undefined],
        ['download (s)', s(visit.downloadEndMs - visit.downloadStartMs), undefined, undefined],
        ['download ended → searchable (s)', s(visit.searchableMs - visit.downloadEndMs), undefined, undefined],
        ['download ended / file chosen → stored (s)', s(visit.currentMs - visit.downloadEndMs), s(imported.importMs), undefined],
        ['download ended / file chosen → first sources (s)', s(visit.sourcesMs - visit.downloadEndMs), s(imported.sourcesMs), '≤ 3'],
        // issue 73: storing behind the search should cost little more than opening the search
        ['ratio (download ended → stored) / (download ended → searchable)', ratio(visit.currentMs - visit.downloadEndMs, visit.searchableMs - visit.downloadEndMs), undefined, '≤ 1.5'],
        ['requests off the machine', result.offMachine.length, undefined, '0'],
      ],
    ),
  );
}

function printTopics(result: TopicsResult, chromium: string): void {
  console.log(
    textTable(
      `\nA question about ${result.pdf} (${result.chunks} passages, ${result.topics} topics) once it is ready, Chromium ${chromium}`,
      ['measure', 'value', 'baseline: asked at once'],
      [
        ['question → sources, asked once its topics were found while idle (s)', s(result.askedAfterIdleMs), s(result.askedAtOnceMs)],
        ['the turn said it waited for the topics', result.afterIdleWaited ? 'yes' : 'no', result.atOnceWaited ? 'yes' : 'no'],
        ['ready → its row says its topics (s)', s(result.foundWhileIdleMs), undefined],
      ],
    ),
  );
}
