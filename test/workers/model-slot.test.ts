import { describe, expect, it } from 'vitest';
import { ModelSlot } from '../../workers/shared/model-slot.ts';
import { gate } from './gate.ts';

describe('ModelSlot', () => {
  it('keeps the model asked for last, even when an earlier load finishes later', async () => {
    const released: string[] = [];
    const slot = new ModelSlot<string>('model', async (model) => void released.push(model));
    const slowA = gate();
    const a = slot.load(async () => {
      await slowA.promise;
      return { id: 'a', model: 'A' };
    });
    const b = slot.load(async () => ({ id: 'b', model: 'B' }));
    slowA.resolve();
    await Promise.all([a, b]);
    expect(await slot.use('b', async (model) => model)).toBe('B');
    await expect(slot.use('a', async (model) => model)).rejects.toThrow(/model a is no longer loaded \(b is\)/);
    // A was released before C loaded; B's release waits behind C's load, ahead of the next.
    await slot.load(async () => ({ id: 'c', model: 'C' }));
    expect(released).toEqual(['A']);
  });

  it('refuses calls before anything is loaded', async () => {
    const slot = new ModelSlot<string>('embedder', async () => {});
    await expect(slot.use('x', async () => 1)).rejects.toThrow(/embedder is not loaded yet/);
  });

  it('releases an outgoing model only once the calls using it have finished', async () => {
    const events: string[] = [];
    const slot = new ModelSlot<string>('model', async (model) => void events.push(`release ${model}`));
    await slot.load(async () => ({ id: 'a', model: 'A' }));
    const running = gate();
    const call = slot.use('a', async (model) => {
      events.push(`start ${model}`);
      await running.promise;
      events.push(`end ${model}`);
    });
    await slot.load(async () => ({ id: 'b', model: 'B' }));
    events.push('b loaded');
    // The swap did not wait for the call, and the call still has its model.
    expect(events).toEqual(['start A', 'b loaded']);
    running.resolve();
    await call;
    // The release is queued on the slot's loads: the next load waits for it.
    await slot.load(async () => ({ id: 'c', model: 'C' }));
    expect(events).toEqual(['start A', 'b loaded', 'end A', 'release A']);
  });

  it('a failed load leaves the loaded model in place', async () => {
    const slot = new ModelSlot<string>('model', async () => {});
    await slot.load(async () => ({ id: 'a', model: 'A' }));
    await expect(slot.load(async () => Promise.reject(new Error('download failed')))).rejects.toThrow('download failed');
    expect(await slot.use('a', async (model) => model)).toBe('A');
  });
});
