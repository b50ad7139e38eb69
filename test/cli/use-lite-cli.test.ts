/**
 * `loci index` and `loci ask` with USE-Lite, whose model runs in worker threads (use-lite/node-pool.ts):
 * each command ends when its work does. Both used to print their results and then never exit, the
 * idle threads keeping the process alive.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { loci } from '../support/run-loci.ts';

const TOPICS = ['rivers carry silt to the sea', 'glaciers carve deep valleys', 'deserts gain sand from the wind', 'forests hold rain in their soil'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-use-lite-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the CLI with USE-Lite', () => {
  it('indexes and answers, each command ending once it has printed', async () => {
    const notes = path.join(dir, 'landscapes.md');
    const paragraphs = Array.from({ length: 24 }, (_, i) => `## Note ${i}\n\nNote ${i} says that ${TOPICS[i % TOPICS.length]}, and more on ${TOPICS[(i + 1) % TOPICS.length]}.`);
    await writeFile(notes, `# Landscapes\n\n${paragraphs.join('\n\n')}\n`);
    const index = path.join(dir, 'notes.loci');

    const indexed = await loci('index', notes, '--out', index, '--embedder', 'use-lite-en');
    expect(indexed.code, indexed.stderr).toBe(0);
    const { fusion } = (await decodeIndex(new Uint8Array(await readFile(index)))).manifest;
    expect(fusion).toBeDefined();

    const asked = await loci('ask', index, 'What shapes a valley?', '--json', '-n', '3');
    expect(asked.code, asked.stderr).toBe(0);
    const answer = JSON.parse(asked.stdout) as { sources: { text: string }[]; fusion: unknown };
    expect(answer.sources.some((s) => s.text.includes('glaciers carve'))).toBe(true);
    // the weight the index run calibrated, read from the file
    expect(answer.fusion).toEqual(fusion!.weight);
  }, 180_000);
});
