/**
 * Reading a multiple-choice reply (QuALITY protocol: options A–D plus UNKNOWN, one letter out).
 * Small models do not always honour the JSON schema, so the reply is read tolerantly; anything
 * that does not name exactly one choice is `undefined` and scored as wrong.
 */
import { stripThinking } from '../../core/answer/think.ts';
import { extractJsonObject } from '../../core/preparse/extract-json.ts';

export type Choice = 'A' | 'B' | 'C' | 'D' | 'UNKNOWN';

export const CHOICE_LETTERS = ['A', 'B', 'C', 'D'] as const;

/** The letter of a 1-based QuALITY gold label. */
export function letterOf(label: number): 'A' | 'B' | 'C' | 'D' {
  const letter = CHOICE_LETTERS[label - 1];
  if (letter === undefined) throw new RangeError(`gold label must be 1..4, got ${label}`);
  return letter;
}

function asChoice(value: string): Choice | undefined {
  const v = value.trim();
  if (/^unknown$/i.test(v) || /^(不知道|未知|无法确定)$/u.test(v)) return 'UNKNOWN';
  const m = /^[([]?\s*([A-Da-d])\s*[)\]]?[.:：)]?$/u.exec(v);
  return m ? (m[1].toUpperCase() as Choice) : undefined;
}

function fromJson(value: unknown): Choice | undefined {
  if (typeof value === 'string') return asChoice(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (/^(answer|choice|option|letter|答案|选项)$/iu.test(key) && typeof v === 'string') return asChoice(v);
  }
  return undefined;
}

export function parseChoice(reply: string): Choice | undefined {
  const text = stripThinking(reply).trim();
  if (text.length === 0) return undefined;

  const json = extractJsonObject(text);
  if (json !== undefined) {
    const choice = fromJson(json);
    if (choice !== undefined) return choice;
  }

  const whole = asChoice(text.replace(/^["'`]+|["'`]+$/g, ''));
  if (whole !== undefined) return whole;

  // "Answer: (C)", "The answer is B", "答案：C"; then "option B" / "选 C". Letters are matched
  // case-sensitively: "the answer is a matter of…" names no option.
  const stated =
    /(?:[Aa]nswer|ANSWER|答案)\s*(?:is|IS|是|为)?\s*[:：=]?\s*[([（]?\s*(?<![A-Za-z])([A-D]|UNKNOWN|[Uu]nknown)(?![A-Za-z])/u.exec(text) ??
    /(?:[Cc]hoice|[Oo]ption|选项|选择|选)\s*(?:is|是|为)?\s*[:：=]?\s*[([（]?\s*(?<![A-Za-z])([A-D])(?![A-Za-z])/u.exec(text);
  if (stated) return asChoice(stated[1]);

  // A reply that starts with the option it picked: "B. He felt like…", "(C) …"
  const leading = /^[([]?([A-D])[)\].:：]\s/u.exec(`${text} `);
  if (leading) return leading[1] as Choice;

  if (/^unknown\b/i.test(text)) return 'UNKNOWN';
  return undefined;
}
