/**
 * JSON that gives back the numbers it was given: plain JSON turns -0 into 0 and NaN or ±Infinity
 * into null (a BIC curve or a layout can hold them), so those travel as a tagged string instead.
 * Used by the library file for the records plain JSON would change: its cluster groups and the
 * app's records (stored-index/binary-format.ts), and by the older zip export's reader.
 */
const TAG = '$number';

/** `onTagged` is called for each number written tagged: a reader of plain JSON would misread it. */
export function stringifyExact(value: unknown, onTagged?: () => void): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'number') return item;
    if (Object.is(item, -0)) {
      onTagged?.();
      return { [TAG]: '-0' };
    }
    if (Number.isFinite(item)) return item;
    onTagged?.();
    return { [TAG]: String(item) };
  });
}

export function parseExact(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const keys = Object.keys(item);
      const tagged = (item as Record<string, unknown>)[TAG];
      if (keys.length === 1 && typeof tagged === 'string') return Number(tagged);
    }
    return item;
  });
}
