/**
 * A test-only page (built only when LOCI_TEST_HARNESS=1): the real workers and storage with no UI,
 * so the browser tests can drive the LociClient and IdbIndexStore directly through page.evaluate.
 */
import type { LibraryDoc, LibraryEvent, LociClient } from '../../src/protocol/api.ts';
import type { AskRequest, AskStreamEvent } from '../../src/protocol/ask.ts';
import { transfer, wrap } from 'comlink';
import type { OcrLine } from '../../src/core/ports.ts';
import type { LaunchOptions, OcrApi, OcrRuntime } from '../../src/protocol/workers.ts';
import { createWorkerClient } from '../../src/client/worker-client.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { deleteLociDb } from '../../src/browser-storage/open.ts';
import { privateImageFile } from '../../src/browser-storage/open-image.ts';
import { privateVectorFiles } from '../../src/browser-storage/vector-files.ts';
import type { ImageFileCheck } from './image-file.worker.ts';

export interface AskResult {
  events: AskStreamEvent['type'][];
  tokens: number;
  done?: Extract<AskStreamEvent, { type: 'done' }>;
  error?: string;
  sources: { n: number; chunkId: string; label: string }[];
  traceRows: number;
}

export interface Harness {
  IdbIndexStore: typeof IdbIndexStore;
  deleteLociDb: typeof deleteLociDb;
  privateImageFile: typeof privateImageFile;
  privateVectorFiles: typeof privateVectorFiles;
  client: LociClient;
  events: LibraryEvent[];
  documents: LibraryDoc[];
  ask(question: string, chatId: string, choices?: Omit<AskRequest, 'chatId'>): Promise<AskResult>;
  /** The open image's file written and read in a dedicated worker, as the engine worker reads it. */
  imageFileInWorker(name: string): Promise<ImageFileCheck>;
  /** `text` drawn as a line of print and read by a fresh OCR worker: its lines, and where its models ran. */
  ocrInWorker(text: string, device: LaunchOptions['device']): Promise<{ lines: OcrLine[]; runtime?: OcrRuntime }>;
}

const client = createWorkerClient(location.search);
const harness: Harness = {
  IdbIndexStore,
  deleteLociDb,
  privateImageFile,
  privateVectorFiles,
  client,
  events: [],
  documents: [],
  async ask(question, chatId, choices = {}) {
    const result: AskResult = { events: [], tokens: 0, sources: [], traceRows: 0 };
    await client.ask(question, { ...choices, chatId }, (event) => {
      result.events.push(event.type);
      if (event.type === 'token') result.tokens++;
      if (event.type === 'done') result.done = event;
      if (event.type === 'error') result.error = event.message;
      if (event.type === 'sources') {
        result.sources = event.sources.map((s) => ({ n: s.n, chunkId: s.chunk.id, label: s.label }));
        result.traceRows = event.trace.length;
      }
    });
    return result;
  },
  imageFileInWorker(name) {
    const worker = new Worker(new URL('./image-file.worker.ts', import.meta.url), { type: 'module', name: 'image-file-test' });
    return new Promise<ImageFileCheck>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ImageFileCheck>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage(name);
    }).finally(() => worker.terminate());
  },
  async ocrInWorker(text, device) {
    // the line's own width and a margin: the detector reads every pixel, slowly on a software GPU
    const canvas = new OffscreenCanvas(48 + Math.ceil(text.length * 18), 96);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#000';
    context.font = '32px sans-serif';
    context.fillText(text, 24, 60);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const worker = new Worker(new URL('../../workers/ocr.worker.ts', import.meta.url), { type: 'module', name: 'ocr-test' });
    try {
      const ocr = wrap<OcrApi>(worker);
      const page = { width: canvas.width, height: canvas.height, data };
      const lines = await ocr.recognize(transfer(page, [data.buffer]), device);
      return { lines, runtime: await ocr.provider() };
    } finally {
      worker.terminate();
    }
  },
};
client.onEvent((event) => {
  harness.events.push(event);
  if (event.type === 'documents') harness.documents = event.documents;
});

const input = document.querySelector<HTMLInputElement>('[data-testid="file-input"]')!;
input.addEventListener('change', () => {
  const files = [...(input.files ?? [])];
  input.value = '';
  void client.addFiles(files);
});

(window as unknown as { lociHarness: Harness }).lociHarness = harness;
