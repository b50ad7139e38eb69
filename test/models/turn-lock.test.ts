import { describe, expect, it } from 'vitest';
import { TurnLock } from '../../src/models/turn-lock.ts';

describe('TurnLock', () => {
  it('gives turns in call order, each after the previous one ended', async () => {
    const lock = new TurnLock();
    const log: string[] = [];
    const turn = async (name: string, work: () => Promise<void>) => {
      const release = await lock.acquire();
      log.push(`${name} start`);
      await work();
      log.push(`${name} end`);
      release();
    };
    let finishFirst: () => void = () => {};
    const first = turn('a', () => new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = turn('b', async () => {});
    const third = turn('c', async () => {});
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['a start']);
    finishFirst();
    await Promise.all([first, second, third]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('is idle only once every turn taken so far has ended', async () => {
    const lock = new TurnLock();
    const release = await lock.acquire();
    let idle = false;
    const waiting = lock.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(idle).toBe(true);
  });
});
