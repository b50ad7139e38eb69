/**
 * Distinct hues for clusters: successive golden-angle steps around the colour wheel stay apart
 * for any number of clusters, and lightness is left to CSS so both themes read well.
 */
export function clusterHue(cluster: number): number {
  return Math.round((cluster * 137.508 + 200) % 360);
}

export function clusterColor(cluster: number): string {
  return cluster < 0 ? 'var(--muted)' : `hsl(${clusterHue(cluster)} 65% var(--point-lightness))`;
}

/**
 * Maps layout coordinates into a box `width` wide with a margin, one scale for both axes so
 * distances stay honest. The box is only as tall as the layout needs (never flatter than
 * `minAspect`), so a wide, flat layout does not float in empty space.
 */
export function fitPoints<T extends { x: number; y: number }>(
  points: readonly T[],
  width: number,
  margin: number,
  minAspect = 0.5,
): { points: (T & { px: number; py: number })[]; height: number } {
  if (points.length === 0) return { points: [], height: width * minAspect };
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const inner = width - 2 * margin;
  const fit = inner / (Math.max(spanX, spanY) || 1);
  // spanY * fit never exceeds inner, so the box is at most square.
  const height = Math.max(width * minAspect, spanY * fit + 2 * margin);
  const offX = margin + (inner - spanX * fit) / 2;
  const offY = (height - spanY * fit) / 2;
  return { points: points.map((p) => ({ ...p, px: offX + (p.x - minX) * fit, py: offY + (p.y - minY) * fit })), height };
}
