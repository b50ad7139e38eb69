/**
 * A library published with the app (build/site-library-publish.ts), through a real Vite build of a page:
 * the file copied under its hash's name, site-library.json naming it, the public folder's plain
 * copy left out, and no manifest at all without a library; a damaged file, a foreign one, and one
 * indexed with a test model stop the build with the file's name and the reason.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALLOW_TEST_MODELS_VARIABLE, SiteLibraryNotFoundError, SiteLibraryRefusedError, siteLibrary } from '../../build/site-library-publish.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import { parseSiteLibraryManifest } from '../../src/protocol/site-library-manifest.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';

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

/** A library file of `texts` (one document each), indexed with an embedder named `embedderId`, written to `name` under the root. */
async function library(name: string, texts: string[] = ['# Rivers\n\nRivers carry silt to the sea.\n'], embedderId = 'hash-64'): Promise<{ file: string; bytes: Buffer; sha256: string }> {
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({ embedder: hashEmbedder(embedderId, 64), store });
  await engine.indexFiles(texts.map((text, i) => ({ name: `${i}.md`, bytes: new TextEncoder().encode(text) })));
  const bytes = Buffer.from(await encodeIndex(store.snapshot()!));
  const file = path.join(root, name);
  await writeFile(file, bytes);
  return { file, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The error the build stopped with (the bundler gathers a plugin's errors into one of its own). */
async function buildError(plugin = siteLibrary()): Promise<unknown> {
  const failure = (await buildSite(plugin).then(() => undefined, (error: unknown) => error)) as { errors?: unknown[] } | undefined;
  return failure?.errors?.[0] ?? failure;
}

describe('the site library in the build', () => {
  it('copies LOCI_SITE_LIBRARY\'s file under its SHA-256 and names it in site-library.json, with its embedder', async () => {
    const given = await library('laws.loci', undefined, 'hash-48');
    vi.stubEnv('LOCI_SITE_LIBRARY', given.file);
    await buildSite();
    const manifest: unknown = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8'));
    // the embedder the file was indexed with: a visitor's empty library starts on it
    expect(manifest).toEqual({ file: `site-library/${given.sha256.slice(0, 16)}.loci`, sha256: given.sha256, bytes: given.bytes.length, version: 1, embedder: 'hash-48' });
    // the app's own check accepts what the build wrote
    expect(parseSiteLibraryManifest(manifest)).toEqual(manifest);
    expect((await readFile(path.join(out(), `site-library/${given.sha256.slice(0, 16)}.loci`))).equals(given.bytes)).toBe(true);
    expect(await readdir(path.join(out(), 'site-library'))).toHaveLength(1);
  });

  it('reads a manifest written before the embedder was named, and refuses an embedder named by no id', async () => {
    const given = await library('old.loci');
    await buildSite(siteLibrary({ file: given.file }));
    const { embedder, ...older } = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8')) as Record<string, unknown>;
    expect(embedder).toBe('hash-64');
    expect(parseSiteLibraryManifest(older)).toEqual(older);
    expect(() => parseSiteLibraryManifest({ ...older, embedder: '' })).toThrow('site-library.json names its embedder by no id');
    expect(() => parseSiteLibraryManifest({ ...older, embedder: 7 })).toThrow('site-library.json names its embedder by no id');
  });

  it('gives another content another name', async () => {
    const first = await library('one.loci');
    await buildSite(siteLibrary({ file: first.file }));
    const before = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8')) as { file: string };
    const second = await library('one.loci', ['# Rivers\n\nRivers carry silt and stones to the sea.\n']);
    await buildSite(siteLibrary({ file: second.file }));
    const after = JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8')) as { file: string };
    expect(after.file).not.toBe(before.file);
    expect(after.file).toBe(`site-library/${second.sha256.slice(0, 16)}.loci`);
  });

  it('takes public/library.loci when no path is given, published under its hashed name only', async () => {
    await mkdir(path.join(root, 'public'));
    const given = await library('public/library.loci');
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
    expect(await buildError()).toBeInstanceOf(SiteLibraryNotFoundError);
    expect(existsSync(path.join(out(), 'site-library.json'))).toBe(false);
  });

  it('stops the build on a file that is not a Loci library, naming it', async () => {
    const file = path.join(root, 'notes.loci');
    await writeFile(file, '<!doctype html><title>not a library</title>');
    const error = await buildError(siteLibrary({ file }));
    expect(error).toBeInstanceOf(SiteLibraryRefusedError);
    expect((error as Error).message).toContain(`${file} cannot be published: it is not a Loci library file`);
    expect(existsSync(path.join(out(), 'site-library.json'))).toBe(false);
  });

  it('stops the build on a damaged file, naming the damaged document', async () => {
    const given = await library('damaged.loci');
    // the document's text sits in its block as it is: one character of it changed
    const at = given.bytes.indexOf('silt');
    expect(at).toBeGreaterThan(0);
    given.bytes[at] ^= 0x20;
    await writeFile(given.file, given.bytes);
    const error = await buildError(siteLibrary({ file: given.file }));
    expect(error).toBeInstanceOf(SiteLibraryRefusedError);
    expect((error as Error).message).toMatch(/damaged \(checksum mismatch\) in 0\.md/);
  });

  it('stops the build on a library indexed with a test model, unless the tests allow it by name', async () => {
    const given = await library('tiny.loci', undefined, 'tiny-lexical-bert-zh');
    const error = await buildError(siteLibrary({ file: given.file }));
    expect(error).toBeInstanceOf(SiteLibraryRefusedError);
    expect((error as Error).message).toMatch(/indexed with tiny-lexical-bert-zh, a test model/);
    // a real user model passes (use-lite-en, the app's other choice beside the default)
    await buildSite(siteLibrary({ file: (await library('use-lite.loci', undefined, 'use-lite-en')).file }));
    vi.stubEnv(ALLOW_TEST_MODELS_VARIABLE, '1');
    await buildSite(siteLibrary({ file: given.file }));
    expect(JSON.parse(await readFile(path.join(out(), 'site-library.json'), 'utf8'))).toMatchObject({ sha256: given.sha256 });
  });
});
