/**
 * One generation at a time, in call order. Both generator backends need it: transformers.js
 * shares one ONNX session and KV cache per model, and web-llm runs a single generation per engine
 * (its interruptGenerate() would stop whichever request happens to be running).
 */
export class TurnLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves when the caller's turn comes, with the function that ends the turn. */
  async acquire(): Promise<() => void> {
    const previous = this.tail;
    let release: () => void = () => {};
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  }

  /** Resolves once every turn taken so far has ended (before disposing what the turns use). */
  idle(): Promise<void> {
    return this.tail;
  }
}
