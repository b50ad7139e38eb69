/** Generator and Embedder doubles for the eval tests: scripted replies, recorded calls. */
import type { ChatMessage, EmbedRole, Embedder, GenerateOptions, Generator } from '../../src/core/ports.ts';

export interface Call {
  messages: ChatMessage[];
  options: GenerateOptions | undefined;
}

/** Replies in order, one per call; each reply is streamed in pieces of `pieceSize` characters. */
export function scriptedGenerator(replies: readonly string[], pieceSize = 7): Generator & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    id: 'scripted',
    contextTokens: 4096,
    calls,
    async *stream(messages, options) {
      const reply = replies[calls.length];
      calls.push({ messages, options });
      if (reply === undefined) throw new Error(`scripted generator: no reply for call ${calls.length}`);
      for (let i = 0; i < reply.length; i += pieceSize) {
        if (options?.signal?.aborted) return;
        yield reply.slice(i, i + pieceSize);
      }
    },
    async countTokens(text) {
      return text.length;
    },
  };
}

/** Maps known texts to fixed vectors; embedding anything else fails the test. */
export function tableEmbedder(table: Record<string, number[]>): Embedder & { roles: EmbedRole[] } {
  const roles: EmbedRole[] = [];
  return {
    id: 'table',
    dimension: Object.values(table)[0]?.length ?? 0,
    maxTokens: 512,
    queryPrefix: '',
    passagePrefix: '',
    roles,
    async embed(texts, role) {
      roles.push(role);
      return texts.map((t) => {
        const v = table[t];
        if (!v) throw new Error(`table embedder: no vector for ${JSON.stringify(t)}`);
        return Float32Array.from(v);
      });
    },
    async countTokens(texts) {
      return texts.map((t) => t.length);
    },
  };
}
