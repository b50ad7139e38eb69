import type { Box, Image, OrtInferenceSession, OrtModule } from 'paddleocr';

/**
 * Text recognition of one detected line with PP-OCRv4's CTC recogniser, spaces put back from the
 * pixels. The Chinese-and-English recogniser drops many English word spaces on long lines
 * ("Flatisbetterthannested." for a Google Docs page drawn at 2×), which glues words together for
 * keyword search. CTC tells which time step emitted each character, and each step covers a fixed
 * slice of the line's width, so a run of ink-free columns wider than a word gap between two
 * Latin characters is a space whatever the model said.
 */

const HEIGHT = 48;
const MIN_WIDTH = 320;
// Blank after the last glyph, a line's height of it: the detector's box can end in the last
// glyph's ink, and CTC needs steps past a character to emit it ("related fields, we also" read
// as "...fields,weals" on a 10-K page). PaddleOCR pads a batch's lines to the widest, so only
// its longest line lacks this; read one at a time, every line did
// ([record](../../docs/decisions/2026-11-26-ocr-line-end-margin.md)).
const END_MARGIN = HEIGHT;
// A column is ink-free when no pixel is darker than this share of the way from the line's
// lightest to its darkest luminance. At half way the light antialiased edges of thin strokes
// counted as paper ("t his", "informat ion" on a JPEG scan of pdflatex-4-pages); at 0.3 none.
const INK = 0.3;
// A word gap is a quarter to a third of the font's height, gaps inside words under a tenth; the
// font's height is the span of rows with ink (ascender to descender).
const WORD_GAP = 0.25;
// Dark pixels a column or row may hold and still be paper.
const STRAY = 2;
const SPACED = /[\p{Script=Latin}\p{N}.,;:!?)\]"'’”%]$/u;
const SPACED_AFTER = /^[\p{Script=Latin}\p{N}(\["'‘“$€£]/u;

export interface LineText {
  text: string;
  confidence: number;
}

export class PaddleRecognizer {
  constructor(
    private readonly ort: OrtModule,
    private readonly session: OrtInferenceSession,
    /** Index 0 is the CTC blank. */
    private readonly classes: readonly string[],
  ) {}

  async read(image: Image, box: Box): Promise<LineText> {
    const crop = box.points ? image.cropRotated(box.points) : image.crop(box);
    const width = Math.max(1, Math.ceil((HEIGHT * crop.width) / crop.height));
    const resized = crop.resize({ width, height: HEIGHT });
    const padded = Math.max(MIN_WIDTH, width + END_MARGIN);
    const input = pad(resized.tensor({ mean_values: [127.5, 127.5, 127.5], norm_values: [1 / 127.5, 1 / 127.5, 1 / 127.5], channel_order: 'bgr' }), width, padded);
    const name = this.session.inputNames?.[0] ?? 'x';
    const outputs = await this.session.run({ [name]: new this.ort.Tensor('float32', input, [1, 3, HEIGHT, padded]) });
    const output = outputs[this.session.outputNames[0]];
    const [, steps, classes] = output.dims;
    const ink = inkProfile(resized);
    return decode(output.data as Float32Array, steps, classes, this.classes, ink.blank, padded / steps, Math.max(3, WORD_GAP * ink.height));
  }
}

function pad(tensor: Float32Array, width: number, padded: number): Float32Array {
  if (width === padded) return tensor;
  const out = new Float32Array(3 * HEIGHT * padded);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < HEIGHT; y++) out.set(tensor.subarray((c * HEIGHT + y) * width, (c * HEIGHT + y + 1) * width), (c * HEIGHT + y) * padded);
  }
  return out;
}

/** Per column of the 48-pixel line, whether it holds no ink; and the height of the inked rows. */
function inkProfile(line: Image): { blank: boolean[]; height: number } {
  const { width, height, data } = line;
  const channels = data.length / (width * height);
  const luma = new Float32Array(width * height);
  let lo = 255;
  let hi = 0;
  for (let p = 0; p < width * height; p++) {
    const i = p * channels;
    const l = channels >= 3 ? 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2] : data[i];
    luma[p] = l;
    if (l < lo) lo = l;
    if (l > hi) hi = l;
  }
  const threshold = hi - INK * (hi - lo);
  const inkInColumn = new Uint16Array(width);
  const inkInRow = new Uint16Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (luma[y * width + x] <= threshold) {
        inkInColumn[x]++;
        inkInRow[y]++;
      }
    }
  }
  // A stray dark pixel or two is noise (a scan's specks), not a stroke.
  const rows = [...inkInRow.keys()].filter((y) => inkInRow[y] > STRAY);
  const inked = rows.length > 0 ? rows[rows.length - 1] - rows[0] + 1 : 0;
  return { blank: Array.from(inkInColumn, (n) => n <= STRAY), height: inked };
}

function decode(
  logits: Float32Array,
  steps: number,
  classes: number,
  dict: readonly string[],
  blank: boolean[],
  pixelsPerStep: number,
  wordGap: number,
): LineText {
  let text = '';
  let last = 0;
  let lastStep = -1;
  let sum = 0;
  let count = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let score = -Infinity;
    for (let c = 0; c < classes; c++) {
      const v = logits[t * classes + c];
      if (v > score) {
        score = v;
        best = c;
      }
    }
    if (best === last) continue;
    last = best;
    if (best === 0) continue;
    const char = dict[best] ?? '';
    if (char === '') continue;
    if (lastStep >= 0 && char !== ' ' && !text.endsWith(' ') && SPACED.test(text) && SPACED_AFTER.test(char)) {
      if (widestGap(blank, (lastStep + 0.5) * pixelsPerStep, (t + 0.5) * pixelsPerStep) >= wordGap) text += ' ';
    }
    text += char;
    lastStep = t;
    sum += score;
    count++;
  }
  return { text: text.trim(), confidence: count > 0 ? sum / count : 0 };
}

/** The longest run of ink-free columns between two x positions. */
function widestGap(blank: boolean[], from: number, to: number): number {
  let best = 0;
  let run = 0;
  for (let x = Math.max(0, Math.floor(from)); x < Math.min(blank.length, Math.ceil(to)); x++) {
    run = blank[x] ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}
