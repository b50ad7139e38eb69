/**
 * A library published with the app (build/site-library.ts), through a real Vite build of a page:
 * the file copied under its hash's name, site-library.json naming it, the public folder's plain
 * copy left out, and no manifest at all without a library.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteLibraryNotFoundError, siteLibrary } from '../../build/site-library.ts';
import { parseSiteLibraryManifest } from '../../src/protocol/site-library.ts';

let root: string;
const out = () => path.join(root, 'dist');

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'loci-site-build-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>a site</title><p>Loci</p>');
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

function buildSite(plugin = siteLibrary()): Promise<unknown> {
  return build({ configFile: false, root, logLevel: 'silent', plugins: [plugin], build: { outDir: out(), emptyOutDir: true } });
}

async function library(name: string, size: number): Promise<{ file: string; bytes: Buffer; sha256: string }> {
  const bytes = randomBytes(size);
  const file = path.join(root, name);
  await writeFile(file, bytes);
  return { file, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

describe('the site library in the build', () => {
  it('copies LOCI_SITE_LIBRARY\'s file under its SHA-256 and names it in site-library.json', async () => {
    const given = await library('laws.loci', 300_000);
    vi.stubEnv('LOCI_SITE_LIBRARY', given.file);
    await buildSite();
    const manifest: unknown = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8'));
    expect(manifest).toEqual({ file: `site-library/${given.sha256.slice(0, 16)}.loci`, sha256: given.sha256, bytes: 300_000, version: 1 });
    // the app's own check accepts what the build wrote
    expect(parseSiteLibraryManifest(manifest)).toEqual(manifest);
    expect((await readFile(path.join(out(), `site-library/${given.sha256.slice(0, 16)}.loci`))).equals(given.bytes)).toBe(true);
    expect(await readdir(path.join(out(), 'site-library'))).toHaveLength(1);
  });

  it('gives another content another name', async () => {
    const first = await library('one.loci', 1000);
    await buildSite(siteLibrary({ file: first.file }));
    const before = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8')) as { file: string };
    const second = await library('one.loci', 1000);
    await buildSite(siteLibrary({ file: second.file }));
    const after = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8')) as { file: string };
    expect(after.file).not.toBe(before.file);
    expect(after.file).toBe(`site-library/${second.sha256.slice(0, 16)}.loci`);
  });

  it('takes public/library.loci when no path is given, published under its hashed name only', async () => {
    await mkdir(path.join(root, 'public'));
    const given = await library('public/library.loci', 5000);
    await buildSite();
    const manifest = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8')) as { sha256: string; file: string };
    expect(manifest.sha256).toBe(given.sha256);
    expect(existsSync(path.join(out(), manifest.file))).toBe(true);
    expect(existsSync(path.join(out(), 'library.loci'))).toBe(false);
  });

  it('writes no manifest and no folder without a library', async () => {
    await buildSite();
    expect(existsSync(path.join(out(), 'index.html'))).toBe(true);
    expect(existsSync(path.join(out(), 'site-library.json'))).toBe(false);
    expect(existsSync(path.join(out(), 'site-library'))).toBe(false);
  });

  it('stops the build when LOCI_SITE_LIBRARY names no file', async () => {
    vi.stubEnv('LOCI_SITE_LIBRARY', path.join(root, 'missing.loci'));
    // the bundler gathers a plugin's errors into one of its own
    const failure = (await buildSite().catch((error: unknown) => error)) as { errors?: unknown[] };
    expect(failure.errors?.[0]).toBeInstanceOf(SiteLibraryNotFoundError);
    expect(existsSync(path.join(out(), 'site-library.json'))).toBe(false);
  });
});
