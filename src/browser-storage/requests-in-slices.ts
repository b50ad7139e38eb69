/**
 * A transaction's many requests issued a slice at a time, each slice awaited before the next is
 * issued. Issuing is the costly part: IndexedDB clones each record as it is put (seconds of the
 * worker's own time in one go for a large site library, docs/decisions/2026-12-02-site-library-visit.md),
 * and the worker answered nothing meanwhile. A transaction stays active only inside its own
 * requests' events, so the worker cannot yield to a timer or a message; but between those events
 * its other messages (a question) are handled.
 */

/** Calls each of `issue` (one request each), about `sliceMs` of them at a time, and resolves once all have. */
export async function requestsInSlices(issue: readonly (() => Promise<unknown>)[], sliceMs = 20, now: () => number = () => performance.now()): Promise<void> {
  for (let next = 0; next < issue.length; ) {
    const started = now();
    const slice: Promise<unknown>[] = [];
    try {
      do slice.push(issue[next++]());
      while (next < issue.length && now() - started < sliceMs);
    } catch (error) {
      // the transaction aborts: the requests already issued fail with it, and are awaited by no one
      for (const request of slice) request.catch(() => undefined);
      throw error;
    }
    await Promise.all(slice);
  }
}
