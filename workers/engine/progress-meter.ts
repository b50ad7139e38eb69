/**
 * Progress of one document across all its stages: one fraction for one bar, and one ETA for the
 * whole document. Each stage is weighted by the time it is expected to take here (StageRates);
 * the running stage's own remaining time comes from the rate seen so far in it, once it has one.
 * Before, the bar and the ETA covered only the running stage: a second or so left with half the
 * passages embedded, and clustering and pre-parsing still to come.
 */
import type { LibraryDoc } from '../../src/protocol/api.ts';
import { PROGRESS_STAGES, type Progress, type ProgressStage } from '../../src/core/ports.ts';
import type { StageRates } from './stage-rates.ts';

type DocProgress = NonNullable<LibraryDoc['progress']>;

/** What is known of the document before its stages run. */
export interface DocumentPlan {
  /** Size of the original file in bytes. */
  bytes: number;
  /** Its passages, once it has been split (undefined before). */
  passages: () => number | undefined;
  /** Pre-parsing follows clustering. */
  preparse: boolean;
  /** Nothing of the document was stored when this run began: it reads the file itself. */
  fresh: boolean;
}

export class ProgressMeter {
  private stage: ProgressStage | undefined;
  private startedAt = 0;
  private startDone = 0;
  private sawRaptor = false;
  /** Pages of the document being read by OCR, once its OCR has begun (0: none). */
  private ocrPages = 0;
  private passagesLearnt = false;
  private fraction = 0;
  private latest: DocProgress | undefined;

  constructor(
    private readonly plan: DocumentPlan,
    private readonly rates: StageRates,
    private readonly now: () => number = () => performance.now(),
  ) {}

  update(progress: Progress): void {
    const at = this.now();
    if (progress.stage !== this.stage || progress.done < this.startDone) {
      this.closeStage(at);
      this.stage = progress.stage;
      this.startedAt = at;
      this.startDone = progress.done;
      if (progress.stage === 'raptor') this.sawRaptor = true;
    }
    if (progress.stage === 'ocr') this.ocrPages = progress.total;
    const stages = this.stages();
    const expected = stages.map((s) => this.expected(s));
    // reading ends after its OCR: what is left of it is counted as the end of the OCR
    const after = progress.stage === 'parse' && this.ocrPages > 0;
    const index = Math.max(0, stages.indexOf(after ? 'ocr' : progress.stage));
    const share = after ? 1 : progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
    const before = expected.slice(0, index).reduce((a, b) => a + b, 0);
    const all = expected.reduce((a, b) => a + b, 0);
    // Never backwards (a better estimate of the passages can shrink what is done), never full
    // until the last stage ends.
    this.fraction = Math.min(0.99, Math.max(this.fraction, all > 0 ? (before + expected[index] * share) / all : 0));

    const doneHere = progress.done - this.startDone;
    const elapsed = (at - this.startedAt) / 1000;
    const thisStage = after ? 0 : doneHere > 0 && elapsed > 0 ? (elapsed / doneHere) * (progress.total - progress.done) : expected[index] * (1 - share);
    const later = expected.slice(index + 1).reduce((a, b) => a + b, 0);
    this.latest = {
      stage: progress.stage,
      done: progress.done,
      total: progress.total,
      fraction: this.fraction,
      etaSeconds: Math.round(thisStage + later),
    };
  }

  /** The document's work ended (finished, paused or failed): the last stage's time is learnt. */
  finish(): void {
    this.closeStage(this.now());
    this.stage = undefined;
  }

  get current(): DocProgress | undefined {
    return this.latest;
  }

  private stages(): ProgressStage[] {
    return PROGRESS_STAGES.filter((s) => (s !== 'raptor' || this.sawRaptor) && (s !== 'ocr' || this.ocrPages > 0) && (s !== 'preparse' || this.plan.preparse));
  }

  private megabytes(): number {
    return this.plan.bytes / 1e6;
  }

  private expected(stage: ProgressStage): number {
    if (stage === 'ocr') return this.rates.expected(stage, this.ocrPages);
    const units = stage === 'parse' ? this.megabytes() : (this.plan.passages() ?? this.rates.estimatePassages(this.megabytes()));
    return this.rates.expected(stage, units);
  }

  /** Learns how long the stage that just ended took, and how many passages a MB made. */
  private closeStage(at: number): void {
    const passages = this.plan.passages();
    if (passages !== undefined && this.plan.fresh && !this.passagesLearnt) {
      this.passagesLearnt = true;
      this.rates.observePassages(this.megabytes(), passages);
    }
    // a stage resumed midway is not a whole stage's time, nor is reading a document already read
    if (this.stage === undefined || this.startDone > 0 || (this.stage === 'parse' && !this.plan.fresh)) return;
    const seconds = (at - this.startedAt) / 1000;
    if (this.stage === 'parse') this.rates.observe('parse', seconds, this.megabytes());
    else if (this.stage === 'ocr') this.rates.observe('ocr', seconds, this.ocrPages);
    else if (passages !== undefined) this.rates.observe(this.stage, seconds, passages);
  }
}
