/** A plain JSON-like object (not null, not an array), whose fields can then be read one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
