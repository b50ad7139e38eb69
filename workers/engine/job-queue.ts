/**
 * One indexing job at a time, in the order documents arrived. A job can be stopped (pause,
 * cancel, delete): its AbortController fires and the caller waits until the job has really
 * stopped, so nothing writes a record of a document that is being removed. When no job waits,
 * the runner's idle work runs (one step at a time), and gives way to the next job that arrives
 * and to what the person waits for (`hold`).
 */

/** What a job run says: finished, or more work remains (a pre-parse budget ran out). */
export type JobOutcome = 'done' | 'more';

export interface JobRunner {
  run(docId: string, signal: AbortSignal): Promise<JobOutcome>;
  /**
   * One step of work that waits for an empty queue: 'more' when another step remains, 'done'
   * when nothing does (it runs again after the next job). Stopped by a job arriving, a `hold`,
   * `stop` or `halt`.
   */
  idle?(signal: AbortSignal): Promise<JobOutcome>;
}

export class JobQueue {
  private readonly waiting: string[] = [];
  /** The job or idle step running; an idle step has no document. */
  private current: { docId?: string; controller: AbortController; finished: Promise<void> } | undefined;
  private halted = false;
  /** The idle work said it had nothing left; a job's end gives it another look. */
  private idleDone = false;
  /** What the person waits for meanwhile (a question), during which no idle step runs. */
  private holds = 0;

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
    // a job goes before idle work: the step stops, and the job starts once it has
    this.stopIdleStep();
    this.next();
  }

  /**
   * Takes the document out of the queue, stopping its job if it runs; resolves once it stopped.
   * Idle work stops too (it may be working on that document) and starts again after.
   */
  async stop(docId: string): Promise<void> {
    const at = this.waiting.indexOf(docId);
    if (at >= 0) this.waiting.splice(at, 1);
    const current = this.current;
    if (!current || (current.docId !== undefined && current.docId !== docId)) return;
    current.controller.abort();
    await current.finished;
  }

  /** Stops everything (before the engine is replaced); `resumeAll` starts again. */
  async halt(): Promise<void> {
    this.halted = true;
    this.waiting.length = 0;
    if (!this.current) return;
    this.current.controller.abort();
    await this.current.finished;
  }

  /**
   * Something the person waits for begins (a question, the cluster map): the idle step stops, and
   * none starts until every hold is released. Jobs go on. Returns the release.
   */
  hold(): () => void {
    this.holds++;
    this.stopIdleStep();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.next();
    };
  }

  resumeAll(): void {
    this.halted = false;
    // the index may be another one now, with idle work of its own
    this.idleDone = false;
    this.next();
  }

  private next(): void {
    if (this.current || this.halted) return;
    const docId = this.waiting.shift();
    if (docId === undefined) return this.nextIdle();
    const controller = new AbortController();
    const finished = this.runner.run(docId, controller.signal).then(
      (outcome) => {
        // Budgeted work goes to the back, so one long document does not hold up the others.
        if (outcome === 'more' && !controller.signal.aborted) this.waiting.push(docId);
      },
      () => undefined,
    );
    this.idleDone = false;
    this.current = { docId, controller, finished };
    this.onChange();
    void finished.then(() => {
      this.current = undefined;
      this.next();
      this.onChange();
    });
  }

  private stopIdleStep(): void {
    if (this.current && this.current.docId === undefined) this.current.controller.abort();
  }

  private nextIdle(): void {
    const idle = this.runner.idle?.bind(this.runner);
    if (!idle || this.idleDone || this.holds > 0) return;
    const controller = new AbortController();
    const finished = idle(controller.signal).then(
      (outcome) => {
        if (outcome === 'done' && !controller.signal.aborted) this.idleDone = true;
      },
      // a step that fails is not tried again at once, which would spin: the next job's end retries it
      () => {
        if (!controller.signal.aborted) this.idleDone = true;
      },
    );
    this.current = { controller, finished };
    void finished.then(() => {
      this.current = undefined;
      this.next();
    });
  }
}
