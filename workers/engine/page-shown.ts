/**
 * Whether the page has shown what its start asked for (the library's rows, its collections, the
 * open chat): work that only readies a first question waits for it, so that the page's start is
 * not answered behind it. The warm-up search run as the index opened held each of those answers
 * up by a step, and together they were most of a large library's reopen from the index open to
 * Ask enabled (docs/decisions/2026-12-07-chunks-made-when-read.md).
 */
export class PageShown {
  private say: () => void = () => undefined;
  /** Resolves once the page has said so (LociClient.shown); never, for a page that does not. */
  readonly whenShown = new Promise<void>((resolve) => (this.say = resolve));

  shown(): void {
    this.say();
  }
}
