/**
 * The engine worker's `Ocr`: each page image goes to the OCR worker (workers/ocr.worker.ts),
 * transferred, not copied (a page drawn at 144 dpi is megabytes of RGBA). The worker holds its
 * runtime and models, so it is ended once no page has come for a while; a stop ends it at once.
 */
import { transfer } from 'comlink';
import type { Ocr, OcrLine, RgbaImage } from '../../src/core/ports.ts';
import { PADDLE_OCR_ID } from '../../src/models/ocr-models.ts';
import type { LaunchOptions, OcrApi } from '../../src/protocol/workers.ts';
import { WorkerSlot } from './worker-slot.ts';

/** A document's pages come one after another; a minute without one means its reading is over. */
const IDLE_MS = 60_000;

export class WorkerOcr implements Ocr {
  readonly id = PADDLE_OCR_ID;
  private readonly slot = new WorkerSlot<OcrApi>(
    () => new Worker(new URL('../ocr.worker.ts', import.meta.url), { type: 'module', name: 'loci-ocr' }),
    'the OCR worker',
  );
  private idle: ReturnType<typeof setTimeout> | undefined;

  /** `device`: the launch's say on WebGPU, passed on to the worker. */
  constructor(private readonly device: LaunchOptions['device'] = 'auto') {}

  async recognize(image: RgbaImage, signal?: AbortSignal): Promise<OcrLine[]> {
    clearTimeout(this.idle);
    try {
      const page = { width: image.width, height: image.height, data: image.data };
      return await this.slot.call('OCR', signal, (api) => api.recognize(transfer(page, [image.data.buffer]), this.device));
    } finally {
      this.idle = setTimeout(() => this.slot.stop(), IDLE_MS);
    }
  }
}
