/**
 * A file name's stem and extension: 'dir/Report.v2.PDF' → 'Report.v2' and 'PDF'. A leading dot
 * ('.profile') belongs to the stem: such a name has no extension.
 */
export function splitFileName(name: string): { stem: string; extension: string } {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? { stem: base.slice(0, dot), extension: base.slice(dot + 1) } : { stem: base, extension: '' };
}
