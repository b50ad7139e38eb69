/**
 * Progress of the running stage of one document, with an ETA from the rate seen so far in that
 * stage (stages run at very different speeds, so their rates are never mixed).
 */
import type { LibraryDoc } from '../../src/protocol/api.ts';
import type { Progress } from '../../src/core/ports.ts';

type DocProgress = NonNullable<LibraryDoc['progress']>;

export class ProgressMeter {
  private stage: Progress['stage'] | undefined;
  private startedAt = 0;
  private startDone = 0;
  private latest: DocProgress | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  update(progress: Progress): void {
    const at = this.now();
    if (progress.stage !== this.stage || progress.done < this.startDone) {
      this.stage = progress.stage;
      this.startedAt = at;
      this.startDone = progress.done;
    }
    const doneHere = progress.done - this.startDone;
    const elapsed = (at - this.startedAt) / 1000;
    const result: DocProgress = { stage: progress.stage, done: progress.done, total: progress.total };
    if (doneHere > 0 && elapsed > 0 && progress.total > progress.done) {
      result.etaSeconds = Math.round((elapsed / doneHere) * (progress.total - progress.done));
    }
    this.latest = result;
  }

  get current(): DocProgress | undefined {
    return this.latest;
  }
}
