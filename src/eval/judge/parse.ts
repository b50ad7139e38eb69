/**
 * Tolerant readers of the judges' replies: the JSON the prompt asked for when it is there, the
 * obvious plain-text forms when a small model ignored the format.
 */
import { stripThinking } from '../../core/answer/think.ts';
import { extractJsonObject, extractJsonValue } from '../../core/preparse/extract-json.ts';

/** The array under `key` of a JSON object, a bare JSON array, or undefined. */
function jsonList(reply: string, key: string): unknown[] | undefined {
  const json = extractJsonValue(reply);
  if (Array.isArray(json)) return json;
  if (json !== null && typeof json === 'object') {
    const value = (json as Record<string, unknown>)[key];
    if (Array.isArray(value)) return value;
  }
  return undefined;
}

/** Strings under `key` (e.g. statements, questions); falls back to the reply's lines. */
export function parseStringList(reply: string, key: string): string[] {
  const list = jsonList(reply, key);
  const items = list
    ? list.filter((v): v is string => typeof v === 'string')
    : // a preamble such as "Here are the statements:" is not an item
      listLines(reply).filter((line) => !/^[{}[\]]/u.test(line) && !/[:：]$/u.test(line));
  return items.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** 1 / 0 from the forms a verdict takes: numbers, booleans, yes/no, 是/否, {verdict: …}. */
export function verdictValue(value: unknown): 0 | 1 | undefined {
  if (value === 1 || value === true) return 1;
  if (value === 0 || value === false) return 0;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (/^(1|yes|true|supported|是|支持)$/u.test(v)) return 1;
    if (/^(0|no|false|not supported|unsupported|否|不是|不支持)$/u.test(v)) return 0;
    return undefined;
  }
  if (value !== null && typeof value === 'object' && 'verdict' in value) {
    return verdictValue((value as { verdict: unknown }).verdict);
  }
  return undefined;
}

/** One verdict per statement in order, or undefined when the reply does not give exactly `count`. */
export function parseVerdicts(reply: string, count: number): (0 | 1)[] | undefined {
  let values: (0 | 1 | undefined)[];
  const list = jsonList(reply, 'verdicts');
  if (list) values = list.map(verdictValue);
  else {
    // "1. yes" / "2: 0" lines: the verdict is the last word of each line
    values = listLines(reply).map((line) => verdictValue(line.split(/[\s:：]+/u).pop() ?? ''));
  }
  if (values.length !== count || values.some((v) => v === undefined)) return undefined;
  return values as (0 | 1)[];
}

/** A single verdict: {"verdict": 1}, or a reply that is just yes / no / 1 / 0. */
export function parseVerdict(reply: string): 0 | 1 | undefined {
  const json = extractJsonObject(reply);
  if (json !== undefined) {
    const v = verdictValue(json);
    if (v !== undefined) return v;
  }
  const word = /^\W*(\w+|是|否|不是|支持|不支持)/u.exec(stripThinking(reply).trim());
  return word ? verdictValue(word[1]) : undefined;
}

/** The integers under `key` (sentence numbers); undefined when the reply gives none in any form. */
export function parseNumbers(reply: string, key: string): number[] | undefined {
  const list = jsonList(reply, key);
  if (list) return list.filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
  const text = stripThinking(reply);
  if (/\b(none|no sentences?)\b|无|没有/iu.test(text) && !/\d/u.test(text)) return [];
  const numbers = text.match(/\d+/gu);
  return numbers ? numbers.map(Number) : undefined;
}

/** Non-empty list items of a plain-text reply: "1. …", "- …", "* …", "• …" prefixes removed. */
function listLines(reply: string): string[] {
  return stripThinking(reply)
    .split(/\r?\n/u)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)、:：]|（?\d+）|\(\d+\))\s*/u, '').trim())
    .filter((line) => line.length > 0 && !/^```/u.test(line));
}
