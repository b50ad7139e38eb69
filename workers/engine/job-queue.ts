/**
 * One indexing job at a time, in the order documents arrived. A job can be stopped (pause,
 * cancel, delete): its AbortController fires and the caller waits until the job has really
 * stopped, so nothing writes a record of a document that is being removed.
 */

/** What a job run says: finished, or more work remains (a pre-parse budget ran out). */
export type JobOutcome = 'done' | 'more';

export interface JobRunner {
  run(docId: string, signal: AbortSignal): Promise<JobOutcome>;
}

export class JobQueue {
  private readonly waiting: string[] = [];
  private current: { docId: string; controller: AbortController; finished: Promise<void> } | undefined;
  private halted = false;

  /** `onChange` hears every start and end of a job, for the library's status column. */
  constructor(
    private readonly runner: JobRunner,
    private readonly onChange: () => void = () => {},
  ) {}

  get running(): string | undefined {
    return this.current?.docId;
  }

  has(docId: string): boolean {
    return this.current?.docId === docId || this.waiting.includes(docId);
  }

  enqueue(docId: string): void {
    if (!this.has(docId)) this.waiting.push(docId);
    this.next();
  }

  /** Takes the document out of the queue, stopping its job if it runs; resolves once it stopped. */
  async stop(docId: string): Promise<void> {
    const at = this.waiting.indexOf(docId);
    if (at >= 0) this.waiting.splice(at, 1);
    if (this.current?.docId !== docId) return;
    this.current.controller.abort();
    await this.current.finished;
  }

  /** Stops everything (before the engine is replaced); `resumeAll` starts again. */
  async halt(): Promise<void> {
    this.halted = true;
    this.waiting.length = 0;
    if (!this.current) return;
    this.current.controller.abort();
    await this.current.finished;
  }

  resumeAll(): void {
    this.halted = false;
    this.next();
  }

  private next(): void {
    if (this.current || this.halted) return;
    const docId = this.waiting.shift();
    if (docId === undefined) return;
    const controller = new AbortController();
    const finished = this.runner.run(docId, controller.signal).then(
      (outcome) => {
        // Budgeted work goes to the back, so one long document does not hold up the others.
        if (outcome === 'more' && !controller.signal.aborted) this.waiting.push(docId);
      },
      () => undefined,
    );
    this.current = { docId, controller, finished };
    this.onChange();
    void finished.then(() => {
      this.current = undefined;
      this.next();
      this.onChange();
    });
  }
}
