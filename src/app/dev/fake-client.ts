/**
 * An in-memory LociClient for developing and looking at the UI without workers or models
 * (`?fake=1`). It imitates the engine's observable behaviour — indexing progress with ETA, pause,
 * errors, downloads, streamed answers with citations and a `<think>` block, not-found replies,
 * traces and cluster maps — with canned data. `&download=1` also plays a model download.
 */
import type { AppSettings, CachedModel, ClusterMap, DeviceSummary, LibraryDoc, LibraryEvent, LociClient, Passage } from '../../protocol/api.ts';
import type { AskStreamEvent, ChatTurn } from '../../protocol/ask.ts';
import {
  DEFAULT_RETRIEVAL,
  type Chunk,
  type EntryKind,
  type FusionWeight,
  type Lang,
  type PlacedBlock,
  type ProgressStage,
  type Retriever,
  type SecondHop,
  type Source,
  type Stage,
  type TocEntry,
  type TraceRow,
} from '../../protocol/vocabulary.ts';
import { citationSpans } from '../lib/answer-parts.ts';
import { sectionTrail } from '../lib/passage-view.ts';
import { EN_DOC, EXTRA_DOC, ZH_DOC, type SampleBlock, type SampleDoc } from './sample-docs.ts';
import { tinyPdf } from './tiny-pdf.ts';

interface FakeDoc {
  info: LibraryDoc;
  title: string;
  text: string;
  blocks: PlacedBlock[];
  toc: TocEntry[];
  chunks: Chunk[];
  original?: ArrayBuffer;
  /** Indexing steps left, for the simulated progress. */
  work?: { stages: ProgressStage[]; stage: number; done: number; total: number; started: number };
}

/** What `LibraryDoc.stage` becomes when a stage finishes; RAPTOR has no stage of its own. */
const COMPLETES: Record<ProgressStage, Stage | undefined> = {
  parse: 'chunked',
  ocr: undefined,
  embed: 'embedded',
  cluster: 'clustered',
  raptor: undefined,
  preparse: 'preparsed',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function fakeId(name: string): string {
  // FNV-1a, repeated to the length of a SHA-256 hex id: stable per name, which is all a double needs.
  let hash = 0x811c9dc5;
  for (const ch of name) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0').repeat(8);
}

function assemble(id: string, sample: SampleDoc): Pick<FakeDoc, 'text' | 'blocks' | 'toc' | 'chunks'> {
  const blocks: PlacedBlock[] = [];
  let text = '';
  sample.blocks.forEach((b, i) => {
    if (i > 0) text += '\n';
    blocks.push({ kind: b.kind, level: b.level, page: b.page, start: text.length, end: text.length + b.text.length });
    text += b.text;
  });
  const toc: TocEntry[] = [];
  blocks.forEach((b, i) => {
    if (b.kind !== 'heading') return;
    const level = b.level ?? 1;
    const parent = toc.findLastIndex((e) => e.level < level);
    const next = blocks.findIndex((o, j) => j > i && o.kind === 'heading' && (o.level ?? 1) <= level);
    toc.push({ title: sample.blocks[i].text, level, parent, start: b.start, end: next < 0 ? text.length : blocks[next].start, page: b.page });
  });
  const chunks: Chunk[] = [];
  blocks.forEach((b, i) => {
    if (b.kind === 'heading') return;
    const ordinal = chunks.length;
    chunks.push({
      id: `${id}:${ordinal}`,
      docId: id,
      ordinal,
      text: sample.blocks[i].text,
      headingPath: sectionTrail(toc, b.start).slice(1),
      start: b.start,
      end: b.end,
      page: b.page,
      pageEnd: b.page,
      tokens: Math.ceil(sample.blocks[i].text.length / 4),
    });
  });
  return { text, blocks, toc, chunks };
}

function pdfOf(sample: SampleDoc): ArrayBuffer {
  const pages: { text: string; heading?: boolean }[][] = [];
  for (const b of sample.blocks) {
    const page = (b.page ?? 1) - 1;
    (pages[page] ??= []).push({ text: b.kind === 'list-item' ? `- ${b.text}` : b.text, heading: b.kind === 'heading' });
  }
  return tinyPdf(pages);
}

/** Words for English, overlapping character pairs for Chinese: enough to rank canned chunks. */
function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(/[a-z]{3,}/gu) ?? []) out.add(w.replace(/s$/u, ''));
  const han = text.match(/\p{Script=Han}+/gu) ?? [];
  for (const run of han) for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  return out;
}

const STOP = new Set(['the', 'what', 'which', 'how', 'does', 'are', 'and', 'for', 'with', 'when', 'this', 'that', 'you', 'about', 'why', 'who']);

function firstSentence(text: string): string {
  const m = text.match(/^.*?[.。！？!?](?=\s|$)/u);
  return (m ? m[0] : text).trim();
}

const DEFAULT_SETTINGS: AppSettings = {
  ...DEFAULT_RETRIEVAL,
  subQuestions: false,
  rerank: false,
  chunkTokens: 100,
  preparse: 'extractive',
  preparseBudget: 200,
  ocr: true,
  embedderId: 'Xenova/multilingual-e5-small',
  generatorId: 'onnx-community/Qwen2.5-0.5B-Instruct',
  rerankerId: undefined,
  uiLanguage: 'auto',
  modelSource: { kind: 'hub' },
};

const DEVICE: DeviceSummary = {
  webgpu: true,
  shaderF16: false,
  fallbackAdapter: true,
  embedderDevice: 'wasm',
  generatorBackend: 'transformers-wasm',
  reasons: [
    'WebGPU adapter found: SwiftShader (software, runs on the processor).',
    'No shader-f16 feature: q4f16 builds cannot run.',
    'A software adapter is slower than WebAssembly here, so the embedder runs on WASM.',
  ],
};

export function createFakeClient(params: URLSearchParams = new URLSearchParams()): LociClient {
  const listeners = new Set<(e: LibraryEvent) => void>();
  const docs: FakeDoc[] = [];
  const chats = new Map<string, ChatTurn[]>();
  /** Titles a person gave; the others are their first question. */
  const titles = new Map<string, string>();
  let settings: AppSettings = { ...DEFAULT_SETTINGS };
  let cached: CachedModel[] = [
    { id: 'Xenova/multilingual-e5-small', bytes: 118 * 1024 * 1024 },
    { id: 'onnx-community/Qwen2.5-0.5B-Instruct', bytes: 483 * 1024 * 1024 },
  ];
  let stopRequested = false;
  let seeded = params.get('history') !== '0';
  let ticker: ReturnType<typeof setInterval> | undefined;

  const emit = (e: LibraryEvent) => listeners.forEach((l) => l(e));
  const snapshot = (): LibraryDoc[] => docs.map((d) => structuredClone(d.info));
  const publish = () => emit({ type: 'documents', documents: snapshot() });

  function addSample(sample: SampleDoc, status: LibraryDoc['status'], added: number): FakeDoc {
    const id = fakeId(sample.name);
    const parts = assemble(id, sample);
    const doc: FakeDoc = {
      info: {
        id,
        name: sample.name,
        mime: sample.mime,
        size: parts.text.length * 3 + 2048,
        language: sample.language,
        added,
        status,
        stage: status === 'ready' ? 'ready' : undefined,
        chunks: status === 'ready' ? parts.chunks.length : 0,
        pageCount: sample.pageCount,
      },
      title: sample.title,
      ...parts,
      original: sample.mime === 'application/pdf' ? pdfOf(sample) : undefined,
    };
    docs.push(doc);
    return doc;
  }

  function startWork(doc: FakeDoc) {
    // Like the engine, the RAPTOR tree is only built when the settings ask for it.
    const stages: ProgressStage[] = ['parse', 'embed', 'cluster', ...(settings.strategy === 'raptor' ? (['raptor'] as const) : []), 'preparse'];
    doc.work = { stages, stage: 0, done: 0, total: 1, started: Date.now() };
    doc.info.status = 'queued';
  }

  // One indexing job at a time, like the engine's queue.
  function tick() {
    const doc = docs.find((d) => d.work && (d.info.status === 'indexing' || d.info.status === 'queued'));
    if (!doc?.work) return;
    const w = doc.work;
    doc.info.status = 'indexing';
    const name = w.stages[w.stage];
    w.total = name === 'parse' ? 1 : name === 'preparse' ? Math.max(6, doc.chunks.length * 3) : Math.max(3, doc.chunks.length);
    w.done = Math.min(w.total, w.done + (name === 'preparse' ? 1 : 2));
    const perStep = (Date.now() - w.started) / 1000 / Math.max(1, w.done);
    doc.info.progress = { stage: name, done: w.done, total: w.total, fraction: (w.stage + w.done / w.total) / w.stages.length, etaSeconds: Math.round(perStep * (w.total - w.done)) + 2 * (w.stages.length - w.stage - 1) };
    if (w.done >= w.total) {
      doc.info.stage = COMPLETES[name] ?? doc.info.stage;
      // Parsing includes splitting into passages, so their count is known from then on.
      if (name === 'parse') doc.info.chunks = doc.chunks.length;
      w.stage++;
      w.done = 0;
      w.started = Date.now();
      if (w.stage >= w.stages.length) {
        doc.work = undefined;
        doc.info.status = 'ready';
        doc.info.stage = 'ready';
        doc.info.progress = undefined;
      }
    }
    publish();
  }

  function ensureTicker() {
    ticker ??= setInterval(tick, params.get('slow') === '1' ? 4000 : 700);
  }

  function seed() {
    const now = Date.now();
    addSample(ZH_DOC, 'ready', now - 86_400_000);
    addSample(EN_DOC, 'ready', now - 3_600_000);
    const working = addSample(EXTRA_DOC, 'indexing', now - 60_000);
    startWork(working);
    working.info.status = 'indexing';
    // A job part-way through, as after a reload.
    working.work!.stage = 1;
    working.info.stage = 'chunked';
    working.info.chunks = working.chunks.length;
    const broken: FakeDoc = {
      info: {
        id: fakeId('scan-2019.pdf'),
        name: 'scan-2019.pdf',
        mime: 'application/pdf',
        size: 48_213,
        language: 'other',
        added: now - 120_000,
        status: 'error',
        error: '“scan-2019.pdf” could not be read: the file is damaged or is not really a PDF.',
        chunks: 0,
      },
      title: 'scan-2019.pdf',
      text: '',
      blocks: [],
      toc: [],
      chunks: [],
    };
    docs.push(broken);
  }

  function retrieve(question: string, n: number): { chunks: { doc: FakeDoc; chunk: Chunk; score: number }[] } {
    const q = [...terms(question)].filter((w) => !STOP.has(w));
    const scored: { doc: FakeDoc; chunk: Chunk; score: number }[] = [];
    for (const doc of docs) {
      if (doc.info.status !== 'ready' && doc.info.chunks === 0) continue;
      for (const chunk of doc.chunks) {
        const own = terms(chunk.text + ' ' + chunk.headingPath.join(' '));
        const hits = q.filter((w) => own.has(w)).length;
        if (hits > 0) scored.push({ doc, chunk, score: hits / Math.sqrt(q.length || 1) });
      }
    }
    scored.sort((a, b) => b.score - a.score);
    return { chunks: scored.slice(0, n) };
  }

  function sourceOf(n: number, doc: FakeDoc, chunk: Chunk): Source {
    const page = chunk.page !== undefined ? ` · p. ${chunk.page}` : '';
    return { n, label: `[${n}] ${[doc.title, ...chunk.headingPath].join(' › ')}${page}`, chunk, docName: doc.info.name, docTitle: doc.title };
  }

  function traceOf(picked: { doc: FakeDoc; chunk: Chunk; score: number }[], n: number, retriever: Retriever): TraceRow[] {
    const kinds: EntryKind[] = ['query', 'chunk', 'summary', 'cluster', 'context', 'chunk', 'query', 'cluster', 'summary', 'chunk', 'context', 'query'];
    const held = new Set<string>();
    const rows: TraceRow[] = [];
    const pool = picked.length > 0 ? picked : [];
    kinds.forEach((kind, i) => {
      if (pool.length === 0) return;
      const base = pool[i % pool.length];
      const siblings = base.doc.chunks.filter((c) => Math.abs(c.ordinal - base.chunk.ordinal) <= 2 && c.ordinal % 3 === base.chunk.ordinal % 3);
      const to = kind === 'cluster' ? [base.chunk.id, ...siblings.filter((c) => c.id !== base.chunk.id).map((c) => c.id)].slice(0, 3) : [base.chunk.id];
      const added = to.filter((id) => held.size < n && !held.has(id) && (held.add(id), true));
      const level = kind === 'chunk' || kind === 'cluster' ? 'whole' : i % 2 === 0 ? 'whole' : 'point';
      const text =
        kind === 'query'
          ? base.doc.info.language === 'zh'
            ? `${base.chunk.headingPath.at(-1) ?? ''}有哪些要求？`
            : `What does the guide say about ${base.chunk.headingPath.at(-1)?.toLowerCase() ?? 'this'}?`
          : kind === 'summary'
            ? firstSentence(base.chunk.text)
            : kind === 'context'
              ? base.chunk.text.slice(0, 60)
              : kind === 'cluster'
                ? to.map((id) => base.doc.chunks.find((c) => c.id === id)?.text ?? '').join(' ')
                : base.chunk.text;
      rows.push({
        rank: i + 1,
        // Fused scores lie in [0, 1], the best one near 1; BM25 alone is unbounded.
        score: (retriever === 'lexical' ? 14 : 1) * (1 - 0.055 * i - 0.01 * ((i * 7) % 3)),
        entryId: `${base.chunk.id}|${kind}|${level}|0`,
        kind,
        level,
        fromCluster: kind === 'cluster',
        text,
        added,
        backtracksTo: to,
        ...(retriever === 'lexical' ? {} : { denseRank: i + 1 }),
        ...(retriever === 'dense' || i % 3 === 2 ? {} : { lexicalRank: ((i * 5) % 11) + 1 }),
      });
    });
    return rows;
  }

  /** Like an index of a few hundred passages: calibrated, keywords ahead on its pseudo-questions. */
  const FUSION: FusionWeight = { dense: 0.35, source: 'calibrated', calibration: { queries: 48, mrrDense: 0.41, mrrLexical: 0.58, mrrFused: 0.63 } };

  /** A second search with the headings and names of the two best passages; its rows follow, marked hop 2. */
  function secondHopOf(question: string, picked: { doc: FakeDoc; chunk: Chunk }[], n: number, retriever: Retriever): { hop: SecondHop; rows: TraceRow[] } | undefined {
    const asked = terms(question);
    const words = picked
      .slice(0, 2)
      .flatMap((p) => [...(p.chunk.headingPath.at(-1)?.match(/\p{L}{4,}/gu) ?? []), ...(p.chunk.text.match(/\b\p{Lu}\p{Ll}{3,}\b|\p{Script=Han}{2,4}/gu) ?? [])]);
    const hopTerms = [...new Set(words)].filter((w) => !asked.has(w.toLowerCase().replace(/s$/u, ''))).slice(0, 5);
    if (hopTerms.length === 0) return undefined;
    const query = `${question} ${hopTerms.join(' ')}`;
    const { chunks } = retrieve(query, n + 3);
    const first = new Set(picked.map((p) => p.chunk.id));
    const added = chunks.filter((c) => !first.has(c.chunk.id)).slice(0, 2).map((c) => c.chunk.id);
    const claimed = new Set<string>();
    const rows = traceOf(chunks, n + 3, retriever).map((row) => {
      const mine = row.backtracksTo.filter((id) => added.includes(id) && !claimed.has(id));
      mine.forEach((id) => claimed.add(id));
      return { ...row, hop: 2, added: mine };
    });
    return { hop: { query, terms: hopTerms, added }, rows };
  }

  function answerFor(question: string, n: number, lang: Lang, retriever: Retriever = settings.retriever, hops: 1 | 2 = settings.hops) {
    const { chunks } = retrieve(question, n);
    let trace = traceOf(chunks, n, retriever);
    const fusion = retriever === 'hybrid' ? FUSION : undefined;
    const second = hops === 2 ? secondHopOf(question, chunks, n, retriever) : undefined;
    // The second hop's passages take the last places, as merging the two hops does.
    const hopChunks = (second?.hop.added ?? []).flatMap((id) => docs.flatMap((doc) => doc.chunks.filter((c) => c.id === id).map((chunk) => ({ doc, chunk }))));
    const packed = [...chunks.slice(0, Math.max(0, n - hopChunks.length)), ...hopChunks];
    const sources = packed.map((c, i) => sourceOf(i + 1, c.doc, c.chunk));
    if (second) trace = [...trace, ...second.rows];
    const retrieval = { retriever, fusion, secondHop: second?.hop };
    if (chunks.length === 0 || chunks[0].score < 0.34) {
      const notFound = lang === 'zh' ? '文档中没有相关内容。' : 'The documents do not say.';
      return { sources, trace, retrieval, answer: notFound, thinking: '', cited: [] as number[], notFound: true };
    }
    const used = sources.slice(0, Math.min(2, sources.length));
    const answer =
      lang === 'zh'
        ? `根据文档，${used.map((s) => `${firstSentence(s.chunk.text).replace(/。$/u, '')}[${s.n}]`).join('；')}。`
        : `${used.map((s) => `${firstSentence(s.chunk.text).replace(/\.$/u, '')} [${s.n}]`).join('. ')}.`;
    const thinking = lang === 'zh' ? '<think>先找出相关条款。</think>' : '<think>The sources mention this directly.</think>';
    return { sources, trace, retrieval, answer, thinking, cited: used.map((s) => s.n), notFound: false };
  }

  function playDownloads() {
    const files = [
      { model: 'Xenova/multilingual-e5-small', file: 'onnx/model_quantized.onnx', total: 118e6 },
      { model: 'onnx-community/Qwen2.5-0.5B-Instruct', file: 'onnx/model_q4f16.onnx', total: 483e6 },
      { model: 'onnx-community/Qwen2.5-0.5B-Instruct', file: 'tokenizer.json', total: 7e6 },
    ];
    const started = Date.now();
    const rate = 12e6;
    const timer = setInterval(() => {
      const seconds = (Date.now() - started) / 1000;
      let allDone = true;
      for (const f of files) {
        const loaded = Math.min(f.total, Math.round(rate * seconds * (f.total > 1e8 ? 1 : 3)));
        const done = loaded >= f.total;
        allDone &&= done;
        emit({ type: 'download', progress: { model: f.model, file: f.file, loaded, total: f.total, rate, done } });
      }
      if (allDone) clearInterval(timer);
    }, 500);
  }

  const client: LociClient = {
    async start() {
      await sleep(150);
      if (docs.length === 0) seed();
      ensureTicker();
      if (params.get('download') === '1') playDownloads();
      return { settings: structuredClone(settings), device: structuredClone(DEVICE) };
    },

    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async addFiles(files) {
      for (const file of files) {
        const id = fakeId(`${file.name}:${file.size}:${file.lastModified}`);
        if (docs.some((d) => d.info.id === id)) continue;
        const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
        const isPdf = /\.pdf$/iu.test(file.name);
        let error: string | undefined;
        if (file.size === 0) error = `“${file.name}” is empty.`;
        else if (isPdf && String.fromCharCode(...head) !== '%PDF-') error = `“${file.name}” is not a PDF, although its name ends in .pdf.`;
        const textLike = /\.(md|markdown|txt|html?)$/iu.test(file.name);
        const raw = !error && textLike ? await file.text() : '';
        const blocks: SampleBlock[] = raw
          .split(/\n+/u)
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .slice(0, 400)
          .map((line) => {
            const heading = line.match(/^(#{1,6})\s+(.*)$/u);
            return heading ? { kind: 'heading', level: heading[1].length, text: heading[2] } : { kind: 'paragraph', text: line.replace(/<[^>]+>/gu, '') };
          });
        if (blocks.length === 0) blocks.push({ kind: 'paragraph', text: `(${file.name}: the fake client does not parse this format.)` });
        const sample: SampleDoc = {
          name: file.name,
          mime: file.type || 'application/octet-stream',
          language: /\p{Script=Han}/u.test(raw) ? 'zh' : 'en',
          title: file.name.replace(/\.[^.]+$/u, ''),
          blocks,
        };
        const doc = addSample(sample, 'queued', Date.now());
        doc.info.id = id;
        doc.chunks = doc.chunks.map((c) => ({ ...c, id: `${id}:${c.ordinal}`, docId: id }));
        doc.info.size = file.size;
        if (error) {
          doc.info.status = 'error';
          doc.info.error = error;
          doc.info.language = 'other';
        } else startWork(doc);
      }
      publish();
    },

    async pause(docId) {
      const doc = docs.find((d) => d.info.id === docId);
      if (doc?.work) doc.info.status = 'paused';
      publish();
    },
    async resume(docId) {
      const doc = docs.find((d) => d.info.id === docId);
      if (doc?.work) {
        doc.info.status = 'queued';
        doc.work.started = Date.now();
      }
      publish();
    },
    async cancel(docId) {
      const at = docs.findIndex((d) => d.info.id === docId);
      if (at >= 0 && docs[at].work) docs.splice(at, 1);
      publish();
    },
    async remove(docId) {
      const at = docs.findIndex((d) => d.info.id === docId);
      if (at >= 0) docs.splice(at, 1);
      publish();
    },
    // The fake library never stores damaged records, so there is nothing to rebuild.
    async repair() {
      publish();
    },
    async documents() {
      return snapshot();
    },

    async ask(question, options, onEvent) {
      stopRequested = false;
      const history = chats.get(options.chatId) ?? [];
      const lang: Lang = /\p{Script=Han}/u.test(question) ? 'zh' : 'en';
      const n = options.n ?? settings.n;
      await sleep(250);
      if (history.length > 0) {
        const last = history[history.length - 1].question.replace(/[?？]$/u, '');
        onEvent({ type: 'rewritten', question: lang === 'zh' ? `${question}（关于：${last}）` : `${question} (about: ${last})` });
      }
      const result = answerFor(question, n, lang, options.retriever, options.hops);
      await sleep(400);
      const strategy = options.strategy ?? settings.strategy;
      onEvent({ type: 'sources', sources: structuredClone(result.sources), trace: structuredClone(result.trace), strategy, ...structuredClone(result.retrieval) });
      const stream = result.thinking + result.answer;
      let sent = '';
      for (let i = 0; i < stream.length; i += 3) {
        if (stopRequested) break;
        const piece = stream.slice(i, i + 3);
        sent += piece;
        onEvent({ type: 'token', text: piece });
        await sleep(45);
      }
      const aborted = stopRequested;
      const visible = sent.replace(/<think>[\s\S]*?<\/think>/u, '').replace(/<think>[\s\S]*$/u, '');
      const answer = aborted ? visible : result.answer;
      const event: AskStreamEvent & { type: 'done' } = {
        type: 'done',
        answer,
        cited: aborted ? [] : result.cited,
        citations: citationSpans(answer),
        notFound: !aborted && result.notFound,
        aborted,
      };
      onEvent(event);
      const turns = chats.get(options.chatId) ?? [];
      turns.push({
        id: `turn-${turns.length}-${Date.now()}`,
        question,
        answer: event.answer,
        sources: result.sources,
        trace: result.trace,
        cited: event.cited,
        citations: event.citations,
        strategy,
        created: Date.now(),
        ...result.retrieval,
      });
      chats.set(options.chatId, turns);
    },

    async stop() {
      stopRequested = true;
    },

    async chats() {
      return [...chats]
        .filter(([, turns]) => turns.length > 0)
        .map(([id, turns]) => ({ id, title: titles.get(id) ?? turns[0].question.slice(0, 80), updated: turns.at(-1)?.created ?? 0 }))
        .sort((a, b) => b.updated - a.updated);
    },

    async history(chatId) {
      if (seeded && !chats.has(chatId)) {
        // The first chat opened shows a finished exchange, so a screenshot has something to show.
        seeded = false;
        const question = 'When is the best time to visit the rocky shore?';
        // Asked with two hops, so the inspector has a second hop to show.
        const result = answerFor(question, settings.n, 'en', 'hybrid', 2);
        chats.set(chatId, [
          {
            id: 'seed-1',
            question,
            answer: result.answer,
            sources: result.sources,
            trace: result.trace,
            cited: result.cited,
            citations: citationSpans(result.answer),
            strategy: settings.strategy,
            created: Date.now() - 600_000,
            ...result.retrieval,
          },
        ]);
      }
      return structuredClone(chats.get(chatId) ?? []);
    },
    async removeLastTurn(chatId) {
      return chats.get(chatId)?.pop() !== undefined;
    },
    async clearHistory(chatId) {
      chats.delete(chatId);
    },

    async renameChat(chatId, title) {
      titles.set(chatId, title.trim());
    },

    async passage(chunkId): Promise<Passage> {
      await sleep(120);
      const doc = docs.find((d) => d.chunks.some((c) => c.id === chunkId));
      const chunk = doc?.chunks.find((c) => c.id === chunkId);
      if (!doc || !chunk) throw new Error('That passage is no longer in the library.');
      return {
        docId: doc.info.id,
        docName: doc.info.name,
        mime: doc.info.mime,
        chunk: structuredClone(chunk),
        text: doc.text,
        blocks: structuredClone(doc.blocks),
        toc: structuredClone(doc.toc),
        original: doc.original?.slice(0),
      };
    },

    async clusterMap(docId): Promise<ClusterMap | undefined> {
      await sleep(150);
      const doc = docs.find((d) => d.info.id === docId);
      if (!doc || doc.chunks.length < 4) return undefined;
      // Clusters follow sections, with a few strays, the way UMAP + GMM tends to group a document.
      const sections = [...new Set(doc.chunks.map((c) => c.headingPath.join('/')))];
      const centers = sections.map((_, i) => ({ x: Math.cos((i / sections.length) * 2 * Math.PI) * 6, y: Math.sin((i / sections.length) * 2 * Math.PI) * 6 }));
      let seedValue = 7;
      const rand = () => ((seedValue = (seedValue * 16807) % 2147483647) / 2147483647) * 2 - 1;
      const points = doc.chunks.map((c, i) => {
        const section = sections.indexOf(c.headingPath.join('/'));
        // The last passage of a longer document is left unclaimed (-1), as when no cluster's
        // probability clears the threshold, so the map's "no cluster" wording can be seen.
        const cluster = i === doc.chunks.length - 1 && doc.chunks.length > 6 ? -1 : section;
        return { chunkId: c.id, x: centers[section].x + rand() * 1.8, y: centers[section].y + rand() * 1.8, cluster, text: c.text };
      });
      return { docId, points, clusters: sections.length };
    },

    async settings() {
      return structuredClone(settings);
    },
    async updateSettings(patch) {
      await sleep(60);
      settings = { ...settings, ...patch };
      return structuredClone(settings);
    },
    async cachedModels() {
      await sleep(100);
      return structuredClone(cached);
    },
    async deleteCachedModel(id) {
      cached = cached.filter((m) => m.id !== id);
    },
    async importModelFolder(files) {
      await sleep(200);
      // the fake only names the folders that hold a config.json
      return files.flatMap((f) => (f.path.endsWith('/config.json') ? [f.path.split('/').slice(1, -1).join('/')] : []));
    },
    async storage() {
      await sleep(100);
      const documents = snapshot().map((doc) => ({ id: doc.id, name: doc.name, fileBytes: doc.size, indexBytes: doc.size * 2 }));
      return { usage: 642 * 1024 * 1024, quota: 10 * 1024 ** 3, persisted: false, free: 1024 ** 3, freeAtLeast: true, documents };
    },
    async exportLibrary() {
      return new Blob([JSON.stringify({ format: 'loci-fake', documents: snapshot() })], { type: 'application/json' });
    },
    async importLibrary(file) {
      const data: unknown = JSON.parse(await file.text());
      if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== 'loci-fake') {
        throw new Error(`“${file.name}” is not a Loci library export.`);
      }
    },
  };
  return client;
}
