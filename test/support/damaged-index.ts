/** An index of two small laws built once per test file, and a copy of it with one block damaged. */
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { blockOfDocument } from './index-blocks.ts';
import { loci } from './run-loci.ts';

export const DATA_LAW = '# 数据安全\n\n数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度。\n';
export const NET_LAW = '# 网络安全\n\n网络运营者应当按照网络安全等级保护制度的要求，履行安全保护义务。\n';

export interface DamagedIndex {
  dir: string;
  /** The damaged copy. */
  index: string;
  /** Its bytes right after the damage, to prove nothing rewrote it. */
  bytes: Uint8Array;
}

/** Builds data.md + net.md, then changes `damage` inside data.md's `part` block. */
export async function damagedIndex(part: string, damage: (bytes: Uint8Array, start: number) => void): Promise<DamagedIndex> {
  const dir = await mkdtemp(path.join(tmpdir(), 'loci-damage-'));
  await mkdir(path.join(dir, 'files'));
  await writeFile(path.join(dir, 'files', 'data.md'), DATA_LAW);
  await writeFile(path.join(dir, 'files', 'net.md'), NET_LAW);
  const built = path.join(dir, 'built.loci');
  const r = await loci('index', path.join(dir, 'files'), '--out', built, '--embedder', 'tiny-lexical-bert-zh');
  if (r.code !== 0) throw new Error(`indexing failed: ${r.stderr}`);
  const index = path.join(dir, 'damaged.loci');
  await copyFile(built, index);
  const bytes = new Uint8Array(await readFile(index));
  damage(bytes, blockOfDocument(bytes, 'data.md', part)[0]);
  await writeFile(index, bytes);
  return { dir, index, bytes };
}
