/**
 * OCR for `loci index`: the models load on the first page that needs them (a run over text PDFs
 * never pays their load and memory), and each page OCR'd prints a progress line with an ETA, OCR
 * being the slowest stage by far.
 */
import type { OcrOptions } from '../core/ingest/index.ts';
import type { Ocr, Progress } from '../core/ports.ts';
import { loadNodeOcr, nodeImageDecoder, nodePdfRenderer } from '../models/ocr-node.ts';
import { PADDLE_OCR_ID } from '../models/ocr-models.ts';

type Printable = Omit<Progress, 'stage'> & { stage: string };

export function lazyNodeOcr(): Ocr {
  let loading: Promise<Ocr> | undefined;
  return {
    id: PADDLE_OCR_ID,
    async recognize(image, signal) {
      loading ??= loadNodeOcr();
      return (await loading).recognize(image, signal);
    },
  };
}

/**
 * OCR options whose progress names the file being parsed: `file()` is the name the indexer's last
 * parse event gave.
 */
export function cliOcrOptions(signal: AbortSignal, file: () => string, print: (p: Printable) => void): OcrOptions {
  let started = 0;
  return {
    ocr: lazyNodeOcr(),
    renderer: nodePdfRenderer(),
    images: nodeImageDecoder(),
    signal,
    onPage(done, total, page, unreadable) {
      if (done === 0) return; // printed once a page is read
      const now = Date.now();
      if (done === 1) started = now;
      // The first page includes loading the models, so the ETA counts from the pages after it.
      const eta = done > 1 && done < total ? `, about ${Math.ceil((((now - started) / (done - 1)) * (total - done)) / 1000)} s left` : '';
      print({ stage: 'ocr', done, total, item: `${file()} p. ${page}${unreadable ? ' (no readable text)' : ''}${eta}` });
    },
  };
}
