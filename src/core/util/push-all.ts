/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes every item as an
 * argument on the stack, and past about 100,000 of them V8 throws "Maximum call stack size
 * exceeded": a large text of one paragraph (a million sentence pieces) failed so, and an EPUB
 * chapter or Markdown quote of as many paragraphs would have.
 */
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
