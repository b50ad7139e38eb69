import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processKind, sampleCpuByProcess, statField } from '../../scripts/cpu-by-process.ts';

describe('the CPU of a test run by process', () => {
  it('reads the fields of a /proc stat line after a command name that holds spaces and parentheses', () => {
    const stat = '4242 (Thread (pool) 2) S 1 4242 4242 0 -1 4194560 100 0 0 0 731 52 9 4 20 0 7';
    expect([statField(stat, 14), statField(stat, 15), statField(stat, 16), statField(stat, 17)]).toEqual([731, 52, 9, 4]);
  });

  it('names Chromium processes by type and Node processes by what they run', () => {
    expect(processKind('/usr/lib/chromium/chromium --type=renderer --lang=en-US')).toBe('chromium renderer');
    expect(processKind('/usr/lib/chromium/chromium --type=gpu-process --use-gl=angle')).toBe('chromium gpu');
    expect(processKind('/usr/lib/chromium/chromium --type=utility --utility-sub-type=network.mojom.NetworkService')).toBe('chromium utility network.mojom.NetworkService');
    expect(processKind('/usr/lib/chromium/chromium --headless --remote-debugging-pipe')).toBe('chromium browser');
    expect(processKind('/usr/bin/node /repo/bin/loci.js index a.md --out x.loci')).toBe('node loci cli');
    expect(processKind('/usr/bin/node /repo/node_modules/vitest/dist/workers/forks.js')).toBe('node vitest worker');
    expect(processKind('/usr/bin/node /repo/node_modules/.bin/vitest run')).toBe('node vitest');
    expect(processKind('/usr/bin/node /repo/node_modules/.bin/tsc --noEmit')).toBe('node typecheck');
    expect(processKind('/bin/bash .ci/run')).toBe('other');
  });

  it('counts the CPU this process spends while it samples, and none it spent before', async () => {
    const sampler = sampleCpuByProcess(50);
    const until = Date.now() + 300;
    while (Date.now() < until);
    await new Promise((done) => setTimeout(done, 120));
    const { byKind } = sampler.stop();
    const vitest = (byKind['node vitest worker'] ?? 0) + (byKind['node vitest'] ?? 0) + (byKind['node other'] ?? 0);
    // 0.3 s of busy loop, read in ticks of 10 ms; a whole process's past would be seconds more
    expect(vitest).toBeGreaterThanOrEqual(0.2);
    expect(vitest).toBeLessThan(5);
  });

  it("leaves out another session's processes: only those its root started are the run's", async () => {
    // a root of which this process is no descendant: this process's busy loop is another session's work
    const stranger = spawn('sleep', ['10']);
    const sampler = sampleCpuByProcess(50, stranger.pid);
    const until = Date.now() + 300;
    while (Date.now() < until);
    await new Promise((done) => setTimeout(done, 120));
    const { byKind } = sampler.stop();
    stranger.kill();
    expect(Object.keys(byKind).filter((kind) => kind.startsWith('node'))).toEqual([]);
  });
});
