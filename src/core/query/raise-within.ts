/**
 * The reordering both answer-type steps make (a date for a question asking when, a year the
 * question names): within the first `window` items and after the first `kept`, the items that
 * `holds` accepts go first, each group keeping its order; items past the window stay where they
 * are. `moved`: how many accepted items went ahead of one that was not.
 */
export function raiseWithin<T>(items: readonly T[], holds: (item: T) => boolean, window: number, kept: number): { items: T[]; moved: number } {
  const head = items.slice(kept, Math.max(kept, window));
  const raised: T[] = [];
  const rest: T[] = [];
  let moved = 0;
  for (const item of head) {
    if (holds(item)) {
      if (rest.length > 0) moved++;
      raised.push(item);
    } else rest.push(item);
  }
  return { items: [...items.slice(0, kept), ...raised, ...rest, ...items.slice(kept + head.length)], moved };
}
