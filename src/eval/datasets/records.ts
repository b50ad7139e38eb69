/**
 * Reading data files as untrusted input: every JSONL line is parsed as `unknown` and each field is
 * checked, and every failure names the file and line, so a malformed dataset is fixed at the source.
 */
import { readFile } from 'node:fs/promises';

export class DataError extends Error {
  /** `line` is 1-based; undefined for a problem with the file (or folder) as a whole. */
  constructor(file: string, line: number | undefined, message: string) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${message}`);
    this.name = 'DataError';
  }
}

/** One JSON object of a JSONL file, with typed accessors that fail with its location. */
export class Row {
  constructor(
    readonly file: string,
    readonly line: number,
    private readonly value: Record<string, unknown>,
  ) {}

  fail(message: string): never {
    throw new DataError(this.file, this.line, message);
  }

  has(key: string): boolean {
    return this.value[key] !== undefined && this.value[key] !== null;
  }

  raw(key: string): unknown {
    return this.value[key];
  }

  string(key: string): string {
    const v = this.value[key];
    if (typeof v !== 'string') this.fail(`field "${key}" must be a string, got ${describe(v)}`);
    return v;
  }

  /** A string, or a number written as its decimal text (ids are either in the wild). */
  id(key: string): string {
    const v = this.value[key];
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return this.string(key);
  }

  number(key: string): number {
    const v = this.value[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(`field "${key}" must be a number, got ${describe(v)}`);
    return v;
  }

  boolean(key: string): boolean {
    const v = this.value[key];
    if (typeof v !== 'boolean') this.fail(`field "${key}" must be a boolean, got ${describe(v)}`);
    return v;
  }

  strings(key: string): string[] {
    const v = this.value[key];
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
      this.fail(`field "${key}" must be an array of strings, got ${describe(v)}`);
    }
    return v as string[];
  }

  /** Nested objects of an array field, each as a Row at the same location. */
  rows(key: string): Row[] {
    const v = this.value[key];
    if (!Array.isArray(v)) this.fail(`field "${key}" must be an array, got ${describe(v)}`);
    return v.map((item, i) => {
      if (!isObject(item)) this.fail(`${key}[${i}] must be an object, got ${describe(item)}`);
      return new Row(this.file, this.line, item);
    });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}

/** The non-blank lines of a JSONL file, each an object; line numbers are 1-based. */
export async function readJsonl(file: string): Promise<Row[]> {
  const text = await readFile(file, 'utf8');
  const rows: Row[] = [];
  text.split(/\r?\n/u).forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new DataError(file, i + 1, `not JSON (${(error as Error).message})`);
    }
    if (!isObject(value)) throw new DataError(file, i + 1, `expected a JSON object, got ${describe(value)}`);
    rows.push(new Row(file, i + 1, value));
  });
  return rows;
}

/** Tab-separated lines of a file (blank lines skipped), with their 1-based line numbers. */
export async function readTsv(file: string): Promise<{ line: number; cells: string[] }[]> {
  const text = await readFile(file, 'utf8');
  const out: { line: number; cells: string[] }[] = [];
  text.split(/\r?\n/u).forEach((line, i) => {
    if (line.trim() !== '') out.push({ line: i + 1, cells: line.split('\t') });
  });
  return out;
}
