/** Plain-text rendering of sources and retrieval traces for the terminal. */
import type { RetrievedChunk, Source, TraceRow } from '../core/types.ts';

export function sourceLine(s: { docName: string; chunk: RetrievedChunk['chunk'] }, n?: number): string {
  const where = [s.chunk.headingPath.join(' › '), s.chunk.page !== undefined ? `p. ${s.chunk.page}` : ''].filter(Boolean).join(' · ');
  return `${n !== undefined ? `[${n}] ` : ''}${s.docName}${where ? ` › ${where}` : ''}`;
}

export function printSources(out: NodeJS.WritableStream, sources: (Source | RetrievedChunk)[]): void {
  sources.forEach((s, i) => {
    const n = 'n' in s ? s.n : i + 1;
    out.write(`${sourceLine(s, n)}\n    ${oneLine(s.chunk.text, 160)}\n`);
  });
}

/** The retrieval trace in the shape of the paper's Table 7. */
export function printTrace(out: NodeJS.WritableStream, trace: TraceRow[], chunkLabel: (id: string) => string): void {
  out.write('rank  score     kind     level  cluster  text  →  backtracked to\n');
  for (const row of trace) {
    const added = new Set(row.added);
    const targets = row.backtracksTo.map((id) => `${chunkLabel(id)}${added.has(id) ? ' (new)' : ''}`).join(', ');
    out.write(
      `${String(row.rank).padEnd(5)} ${row.score.toFixed(4).padEnd(9)} ${row.kind.padEnd(8)} ${row.level.padEnd(6)} ${(row.fromCluster ? 'yes' : 'no').padEnd(8)} ` +
        `${oneLine(row.text, 70)}  →  ${targets}\n`,
    );
  }
}

export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
