/**
 * Runs tasks one after another. An ONNX session must not run two inferences at once, and a query
 * embedding asked during indexing simply waits for the current batch.
 */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
