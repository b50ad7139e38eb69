/**
 * Recovers the JSON object from a small model's reply. Constrained decoding is not available on
 * every backend, so replies come fenced, wrapped in prose, with trailing commas, with a Qwen3
 * `<think>` block, or cut off at the token limit. A reply cut off keeps what was complete: whole
 * fields and the complete fields of a cut point; a string value cut in the middle is dropped,
 * because half a sentence would be indexed as if the model had meant it.
 */
import { stripThinking } from '../answer/think.ts';

/** Marks a syntax error: this candidate is not JSON at all (as opposed to JSON that stops early). */
class NotJson extends Error {}

interface Parsed {
  value: unknown;
  /** False when the input ended inside this value. */
  complete: boolean;
}

export function extractJsonObject(raw: string): unknown | undefined {
  return firstValue(stripThinking(raw), '{');
}

/**
 * The first JSON object or array of a reply, read as tolerantly: evaluation judges accept a bare
 * list (`[1, 0]`) as well as the object their prompt asked for.
 */
export function extractJsonValue(raw: string): unknown | undefined {
  return firstValue(stripThinking(raw), '{[');
}

function firstValue(text: string, opens: string): unknown | undefined {
  // Prose before the value may itself contain brackets: try each opening one until one parses.
  for (let start = nextOpen(text, opens, 0); start >= 0; start = nextOpen(text, opens, start + 1)) {
    let parsed: Parsed;
    try {
      parsed = new TolerantParser(text, start).parseValue();
    } catch (e) {
      if (e instanceof NotJson) continue;
      throw e;
    }
    const value = parsed.value;
    if (!parsed.complete && isEmptyContainer(value)) return undefined;
    return value;
  }
  return undefined;
}

function nextOpen(text: string, opens: string, from: number): number {
  for (let i = from; i < text.length; i++) if (opens.includes(text[i])) return i;
  return -1;
}

/** A container cut off before its first member holds nothing the model meant. */
function isEmptyContainer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.keys(value).length === 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A recursive-descent JSON reader that accepts trailing or doubled commas and raw control
 * characters in strings, stops at the end of the first value (whatever follows is ignored), and
 * turns running out of input into an incomplete value instead of an error.
 */
class TolerantParser {
  constructor(
    private readonly text: string,
    private pos: number,
  ) {}

  parseValue(): Parsed {
    this.skipSpace();
    if (this.atEnd()) return { value: undefined, complete: false };
    const c = this.text[this.pos];
    if (c === '{') return this.parseObject();
    if (c === '[') return this.parseArray();
    if (c === '"') return this.parseString();
    if (c === '-' || (c >= '0' && c <= '9')) return this.parseNumber();
    return this.parseLiteral();
  }

  private parseObject(): Parsed {
    this.pos++; // {
    const out: Record<string, unknown> = {};
    for (;;) {
      this.skipSpaceAndCommas();
      if (this.atEnd()) return { value: out, complete: false };
      if (this.text[this.pos] === '}') {
        this.pos++;
        return { value: out, complete: true };
      }
      if (this.text[this.pos] !== '"') throw new NotJson('expected a key');
      const key = this.parseString();
      if (!key.complete) return { value: out, complete: false };
      this.skipSpace();
      if (this.atEnd()) return { value: out, complete: false };
      if (this.text[this.pos] !== ':') throw new NotJson('expected a colon');
      this.pos++;
      const item = this.parseValue();
      if (item.value !== undefined) out[key.value as string] = item.value;
      if (!item.complete) return { value: out, complete: false };
      this.expectSeparator('}');
    }
  }

  private parseArray(): Parsed {
    this.pos++; // [
    const out: unknown[] = [];
    for (;;) {
      this.skipSpaceAndCommas();
      if (this.atEnd()) return { value: out, complete: false };
      if (this.text[this.pos] === ']') {
        this.pos++;
        return { value: out, complete: true };
      }
      const item = this.parseValue();
      if (item.value !== undefined) out.push(item.value);
      if (!item.complete) return { value: out, complete: false };
      this.expectSeparator(']');
    }
  }

  /** After a member: a comma, the closing bracket, or the end of the input. */
  private expectSeparator(close: string): void {
    this.skipSpace();
    if (this.atEnd()) return;
    const c = this.text[this.pos];
    if (c !== ',' && c !== close) throw new NotJson(`expected , or ${close}`);
  }

  private parseString(): Parsed {
    this.pos++; // opening quote
    let out = '';
    while (!this.atEnd()) {
      const c = this.text[this.pos++];
      if (c === '"') return { value: out, complete: true };
      if (c !== '\\') {
        out += c;
        continue;
      }
      if (this.atEnd()) break;
      const e = this.text[this.pos++];
      if (e === 'u') {
        const hex = this.text.slice(this.pos, this.pos + 4);
        if (hex.length < 4) break;
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new NotJson('bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 4;
      } else {
        out += ESCAPES[e] ?? e;
      }
    }
    return { value: undefined, complete: false };
  }

  private parseNumber(): Parsed {
    const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 64));
    if (!match) throw new NotJson('bad number');
    this.pos += match[0].length;
    // A number touching the end of the input may have lost digits.
    if (this.atEnd()) return { value: undefined, complete: false };
    return { value: Number(match[0]), complete: true };
  }

  private parseLiteral(): Parsed {
    for (const [word, value] of LITERALS) {
      const rest = this.text.slice(this.pos, this.pos + word.length);
      if (rest === word) {
        this.pos += word.length;
        return { value, complete: true };
      }
      if (this.pos + rest.length === this.text.length && word.startsWith(rest)) {
        this.pos = this.text.length;
        return { value: undefined, complete: false };
      }
    }
    throw new NotJson('unexpected character');
  }

  private skipSpace(): void {
    while (!this.atEnd() && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private skipSpaceAndCommas(): void {
    while (!this.atEnd() && (this.text[this.pos] === ',' || /\s/.test(this.text[this.pos]))) this.pos++;
  }

  private atEnd(): boolean {
    return this.pos >= this.text.length;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

const LITERALS: [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];
