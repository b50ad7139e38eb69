/**
 * Turns whatever JSON the model produced into the triples worth indexing. Everything uncertain is
 * dropped rather than repaired, and every drop is reported so the inspector can show what the model
 * did. A context that is not in the source is the important case: pre-parsed entries backtrack to
 * their source, and an invented "quote" would otherwise be retrieved as if the document said it.
 */
import { isRecord } from '../util/is-record.ts';
import { contextMatcher } from './fuzzy-contains.ts';
import { TRIPLE_FIELDS } from './schema.ts';

export interface Triple {
  query?: string;
  summary?: string;
  context?: string;
}

export interface ParsedPreparse {
  whole: Triple;
  points: Triple[];
  dropped: { field: string; reason: string }[];
}

export class PreparseFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreparseFormatError';
  }
}

/** Field names the paper's code used, read as Loci's. */
const ALIASES: Record<string, string> = { reference: 'context' };

export function validatePreparse(value: unknown, sourceText: string): ParsedPreparse {
  if (!isRecord(value)) throw new PreparseFormatError('reply is not a JSON object');
  const dropped: ParsedPreparse['dropped'] = [];
  const seen = new Set<string>();
  const inSource = contextMatcher(sourceText);
  const readTriple = (record: Record<string, unknown>, prefix: string): Triple => {
    const triple: Triple = {};
    for (const field of TRIPLE_FIELDS) {
      const name = prefix + field;
      const raw = fieldValue(record, field);
      if (raw === undefined) continue;
      const reason = rejection(field, raw, inSource, seen);
      if (reason) {
        dropped.push({ field: name, reason });
        continue;
      }
      const text = (raw as string).trim();
      seen.add(text);
      triple[field] = text;
    }
    return triple;
  };

  const whole = readTriple(value, '');
  const points: Triple[] = [];
  const rawPoints = value.points;
  if (Array.isArray(rawPoints)) {
    rawPoints.forEach((item, i) => {
      if (!isRecord(item)) {
        dropped.push({ field: `points[${i}]`, reason: 'not an object' });
        return;
      }
      const triple = readTriple(item, `points[${i}].`);
      if (Object.keys(triple).length > 0) points.push(triple);
    });
  } else if (rawPoints !== undefined) {
    dropped.push({ field: 'points', reason: 'not an array' });
  }

  if (Object.keys(whole).length === 0 && points.length === 0) {
    const why = dropped.map((d) => `${d.field}: ${d.reason}`).join('; ');
    throw new PreparseFormatError(why ? `no usable field (${why})` : 'no usable field');
  }
  return { whole, points, dropped };
}

function fieldValue(record: Record<string, unknown>, field: string): unknown {
  if (record[field] !== undefined) return record[field];
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (target === field && record[alias] !== undefined) return record[alias];
  }
  return undefined;
}

/** Why a field is not kept, or undefined when it is. */
function rejection(
  field: string,
  raw: unknown,
  inSource: (context: string) => boolean,
  seen: ReadonlySet<string>,
): string | undefined {
  if (typeof raw !== 'string') return 'not a string';
  const text = raw.trim();
  if (text.length === 0) return 'empty';
  if (field === 'context' && !inSource(text)) return 'not found in source';
  // The same text twice from one source is the same vector twice: it only takes candidate slots.
  if (seen.has(text)) return 'duplicate';
  return undefined;
}
