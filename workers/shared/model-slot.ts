/**
 * The one model of a kind that a worker holds (embedder, reranker, chat model). Loads run one
 * after another in the order they were asked for, so the last one asked for is the one that stays;
 * every call names the model it expects, and a call for a model that is no longer (or not yet) the
 * loaded one is refused rather than run on another model. An outgoing model is released only once
 * the calls still using it have finished.
 */
import { Serial } from './serial.ts';

interface Held<T> {
  id: string;
  model: T;
  uses: number;
  idle?: () => void;
}

export class ModelSlot<T> {
  private held: Held<T> | undefined;
  private readonly loads = new Serial();

  constructor(
    private readonly what: string,
    private readonly release: (model: T) => Promise<void>,
  ) {}

  /**
   * Creates the model (after any load asked for earlier) and puts it in the slot under `id`;
   * resolves to what `create` returned.
   */
  load<L extends { id: string; model: T }>(create: () => Promise<L>): Promise<L> {
    return this.loads.run(async () => {
      const loaded = await create();
      const outgoing = this.held;
      this.held = { id: loaded.id, model: loaded.model, uses: 0 };
      // Queued behind this load, ahead of the next: at most one outgoing model waits for its calls.
      if (outgoing) void this.loads.run(() => this.retire(outgoing)).catch(() => undefined);
      return loaded;
    });
  }

  /** Whether `id` is the model loaded now (not one still loading). */
  holds(id: string): boolean {
    return this.held?.id === id;
  }

  async use<R>(id: string, task: (model: T) => Promise<R>): Promise<R> {
    const held = this.held;
    if (!held) throw new Error(`the ${this.what} is not loaded yet`);
    if (held.id !== id) throw new Error(`the ${this.what} ${id} is no longer loaded (${held.id} is)`);
    held.uses++;
    try {
      return await task(held.model);
    } finally {
      if (--held.uses === 0) held.idle?.();
    }
  }

  private async retire(outgoing: Held<T>): Promise<void> {
    if (outgoing.uses > 0) await new Promise<void>((resolve) => (outgoing.idle = resolve));
    await this.release(outgoing.model);
  }
}
