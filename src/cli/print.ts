/** Plain-text rendering of sources and retrieval traces for the terminal. */
import type { QuestionCut } from '../core/engine/question.ts';
import type { FusionWeight, RetrievedChunk, SecondHop, Source, TraceRow } from '../core/types.ts';

/** The note for a question cut to the embedder's window (on stderr, so --json output stays one object). */
export function questionCutNote(cut: QuestionCut): string {
  return `note: the question is ${cut.chars.toLocaleString('en')} characters long; only its first ${cut.keptChars.toLocaleString('en')} were used (the embedder reads at most ${cut.maxTokens} tokens)\n`;
}

function sourceLine(s: { docName: string; chunk: RetrievedChunk['chunk'] }): string {
  const where = [s.chunk.headingPath.join(' › '), s.chunk.page !== undefined ? `p. ${s.chunk.page}` : ''].filter(Boolean).join(' · ');
  return `${s.docName}${where ? ` › ${where}` : ''}`;
}

/**
 * Numbered sources: a packed source by its number, retrieved chunks best first, each saying how it
 * was found when not by its own entry. `ordinals` adds each chunk's position in its document
 * (`#12`), as `printTrace`'s labels name it.
 */
export function printSources(out: NodeJS.WritableStream, sources: (Source | RetrievedChunk)[], { ordinals = false } = {}): void {
  sources.forEach((s, i) => {
    const n = 'n' in s ? s.n : i + 1;
    const via = 'via' in s && s.via && s.via !== 'chunk' ? ` (via ${s.via === 'hop' ? 'the second hop' : s.via})` : '';
    out.write(`[${n}] ${ordinals ? `#${s.chunk.ordinal} ` : ''}${sourceLine(s)}${via}\n    ${oneLine(s.chunk.text, 160)}\n`);
  });
}

/**
 * The retrieval trace in the shape of the paper's Table 7. A `hop` column leads when a second hop
 * ran (its candidates follow the first hop's, ranked on their own).
 */
export function printTrace(out: NodeJS.WritableStream, trace: TraceRow[], chunkLabel: (id: string) => string): void {
  const hops = trace.some((row) => (row.hop ?? 1) > 1);
  out.write(`${hops ? 'hop  ' : ''}rank  score     kind     level  cluster  text  →  backtracked to\n`);
  for (const row of trace) {
    const added = new Set(row.added);
    const targets = row.backtracksTo.map((id) => `${chunkLabel(id)}${added.has(id) ? ' (new)' : ''}`).join(', ');
    out.write(
      `${hops ? String(row.hop ?? 1).padEnd(4) + ' ' : ''}` +
        `${String(row.rank).padEnd(5)} ${row.score.toFixed(4).padEnd(9)} ${row.kind.padEnd(8)} ${row.level.padEnd(6)} ${(row.fromCluster ? 'yes' : 'no').padEnd(8)} ` +
        `${oneLine(row.text, 70)}  →  ${targets}\n`,
    );
  }
}

/** How a hybrid search weighed its lists: `hybrid weight: dense 35% · lexical 65%, calibrated on …`. */
export function fusionLine(fusion: FusionWeight): string {
  const dense = Math.round(Math.min(1, Math.max(0, fusion.dense)) * 100);
  const weights = `hybrid weight: dense ${dense}% · lexical ${100 - dense}%`;
  if (fusion.source === 'given') return `${weights} (given)`;
  if (fusion.source === 'default') return `${weights} (default: too few chunks to calibrate)`;
  const c = fusion.calibration;
  if (!c) return `${weights}, calibrated on this index`;
  const held = c.preferred === undefined ? '' : `; they preferred dense ${Math.round(c.preferred * 100)}%, held at half: sentences of the library lean on meaning more than real questions do`;
  return `${weights}, calibrated on ${c.queries} pseudo-queries of this index (MRR dense ${c.mrrDense.toFixed(3)}, lexical ${c.mrrLexical.toFixed(3)}, fused ${c.mrrFused.toFixed(3)})${held}`;
}

/** The second hop: the terms it added to the question and the chunks it brought that the first had not. */
export function secondHopLines(hop: SecondHop, chunkLabel: (id: string) => string): string[] {
  const asked = hop.subQuestions;
  return [
    `second hop: searched again with ${hop.terms.length > 0 ? hop.terms.map((term) => `"${term}"`).join(', ') : 'no new terms'}`,
    `  query: ${oneLine(hop.query, 160)}`,
    ...(hop.linked && hop.linked.length > 0 ? [`  documents the best chunks name, searched too: ${hop.linked.join(', ')}`] : []),
    ...(asked ? [`  sub-questions: ${asked.length > 0 ? asked.map((q) => `"${oneLine(q, 120)}"`).join(', ') : 'none usable in the model\'s reply'}`] : []),
    `  added: ${hop.added.length > 0 ? hop.added.map(chunkLabel).join(', ') : 'nothing the first hop had not found'}`,
  ];
}

export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
