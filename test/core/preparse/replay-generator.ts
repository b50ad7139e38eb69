/**
 * A `Generator` double that replays recorded replies in call order, streamed in small pieces the
 * way a real backend streams tokens, and honours the port's abort contract (the stream just ends).
 */
import type { ChatMessage, GenerateOptions, Generator } from '../../../src/core/ports.ts';

/** A recorded reply, or the generator failing on that call. */
export type Recorded = string | { error: string };

export interface ReplayHooks {
  /** Called after each piece is handed out (call index, piece index): lets a test abort mid-stream. */
  afterPiece?: (call: number, piece: number) => void;
  /** Called when a call starts (lets a test advance a fake clock per generation). */
  onCall?: (call: number) => void;
}

export class ReplayGenerator implements Generator {
  readonly id = 'replay';
  readonly contextTokens = 4096;
  readonly calls: { messages: ChatMessage[]; options: GenerateOptions | undefined }[] = [];

  constructor(
    private readonly replies: Recorded[],
    private readonly hooks: ReplayHooks = {},
    private readonly pieceChars = 9,
  ) {}

  async *stream(messages: ChatMessage[], options?: GenerateOptions): AsyncIterable<string> {
    const call = this.calls.length;
    this.calls.push({ messages, options });
    this.hooks.onCall?.(call);
    const reply = this.replies[call];
    if (reply === undefined) throw new Error(`no recorded reply for call ${call}`);
    if (typeof reply !== 'string') throw new Error(reply.error);
    let piece = 0;
    for (let i = 0; i < reply.length; i += this.pieceChars) {
      if (options?.signal?.aborted) return;
      await Promise.resolve();
      yield reply.slice(i, i + this.pieceChars);
      this.hooks.afterPiece?.(call, piece++);
    }
  }

  async countTokens(text: string): Promise<number> {
    return Math.ceil(text.length / 4);
  }
}
