/** Benchmark results as an aligned plain-text table for the terminal. */

export type Cell = string | number | undefined;

function show(cell: Cell): string {
  if (cell === undefined || (typeof cell === 'number' && Number.isNaN(cell))) return '–';
  if (typeof cell === 'string') return cell;
  if (Number.isInteger(cell)) return String(cell);
  const abs = Math.abs(cell);
  if (abs !== 0 && abs < 0.01) return cell.toExponential(1);
  return abs >= 100 ? cell.toFixed(0) : abs >= 10 ? cell.toFixed(1) : cell.toFixed(2);
}

export function textTable(title: string, header: string[], rows: Cell[][]): string {
  const cells = [header, ...rows.map((r) => r.map(show))];
  const widths = header.map((_, j) => Math.max(...cells.map((r) => (r[j] ?? '').length)));
  // first column (a label) left-aligned, numbers right-aligned
  const line = (r: string[]) => r.map((c, j) => (j === 0 ? c.padEnd(widths[j]) : c.padStart(widths[j]))).join('  ');
  return [title, line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
