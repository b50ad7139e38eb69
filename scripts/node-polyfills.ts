/**
 * Node 20 lacks `Map.groupBy` (Node ≥ 21), which Vitest 5 calls when it reports a failure. These
 * machines run Node 20, so the test config installs it before anything else runs.
 */
export function installNodePolyfills(): void {
  if (typeof (Map as { groupBy?: unknown }).groupBy === 'function') return;
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = groups.get(k);
        if (list) list.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}
