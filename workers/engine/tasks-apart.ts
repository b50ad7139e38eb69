/**
 * Work run a step a task: between two steps the worker answers whatever the page asked
 * meanwhile, so work nobody waits for (the warm-up search after an open) holds up a request by
 * one step at most, not by the whole. `done` is told once every step has run.
 */
export function runTasksApart(steps: () => (() => void)[], what: string, done?: () => void): void {
  let left: (() => void)[] | undefined;
  const next = () => {
    try {
      left ??= steps();
      left.shift()?.();
    } catch (error) {
      // nothing waits for it: what it would have prepared is prepared by whoever needs it
      console.warn(`Loci: ${what} failed`, error);
      return;
    }
    if (left.length > 0) setTimeout(next, 0);
    else done?.();
  };
  setTimeout(next, 0);
}
