/** Test doubles of the Generator and Reranker ports, and small builders of retrieved chunks. */
import type { ChatMessage, GenerateOptions, Generator, Reranker } from '../../../src/core/ports.ts';
import type { Chunk, RetrievedChunk, Source } from '../../../src/core/types.ts';

export interface GeneratorCall {
  messages: ChatMessage[];
  options: GenerateOptions | undefined;
}

/**
 * A generator that replies with scripted pieces, one script per call, and records every call.
 * `onPiece` runs after each piece is handed out (used to abort mid-stream). Like the real
 * adapters, it ends the stream (without throwing) once the signal is aborted.
 */
export class ScriptedGenerator implements Generator {
  readonly id = 'scripted';
  readonly contextTokens: number;
  readonly calls: GeneratorCall[] = [];
  private readonly scripts: string[][];
  onPiece: ((index: number) => void) | undefined;

  constructor(scripts: (string | string[])[], contextTokens = 4096) {
    this.scripts = scripts.map((s) => (typeof s === 'string' ? [s] : s));
    this.contextTokens = contextTokens;
  }

  async *stream(messages: ChatMessage[], options?: GenerateOptions): AsyncIterable<string> {
    const script = this.scripts[this.calls.length] ?? [];
    this.calls.push({ messages, options });
    for (let i = 0; i < script.length; i++) {
      if (options?.signal?.aborted) return;
      await Promise.resolve();
      yield script[i];
      this.onPiece?.(i);
    }
  }

  async countTokens(text: string): Promise<number> {
    return wordCount(text);
  }
}

/** Whitespace-separated pieces: a tokenizer simple enough to compute budgets by hand. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}

/** A reranker scoring each passage by a lookup on a word it contains, recording what it saw. */
export class LookupReranker implements Reranker {
  readonly id = 'lookup';
  readonly seen: { query: string; passages: string[] }[] = [];
  constructor(private readonly scoreOf: (passage: string) => number) {}
  async score(query: string, passages: string[]): Promise<number[]> {
    this.seen.push({ query, passages });
    return passages.map(this.scoreOf);
  }
}

export function chunk(docId: string, ordinal: number, text: string, extra: Partial<Chunk> = {}): Chunk {
  return {
    id: `${docId}:${ordinal}`,
    docId,
    ordinal,
    text,
    headingPath: [],
    start: 0,
    end: text.length,
    tokens: wordCount(text),
    ...extra,
  };
}

export function retrieved(c: Chunk, rank: number, title = `Title ${c.docId}`, name = `${c.docId}.pdf`): RetrievedChunk {
  return { chunk: c, docName: name, docTitle: title, score: 1 / rank, firstRank: rank };
}

export function source(n: number, text: string, docId = 'd'): Source {
  return { n, label: `[${n}] Doc ${docId}`, chunk: chunk(docId, n, text), docName: `${docId}.txt`, docTitle: `Doc ${docId}` };
}
