import { describe, expect, it } from 'vitest';
import {
  PERSISTENCE_GRANTED,
  PERSISTENCE_REFUSED,
  PERSISTENCE_UNAVAILABLE,
  requestPersistence,
  storageReport,
  type StorageNavigator,
} from '../../src/browser-storage/quota.ts';

function navigatorDouble(options: { persisted?: boolean; grants?: boolean | 'reject'; usage?: number; quota?: number }) {
  const calls: string[] = [];
  const nav: StorageNavigator = {
    storage: {
      estimate: async () => {
        calls.push('estimate');
        return { usage: options.usage, quota: options.quota };
      },
      persisted: async () => {
        calls.push('persisted');
        return options.persisted ?? false;
      },
      persist: async () => {
        calls.push('persist');
        if (options.grants === 'reject') throw new DOMException('not allowed', 'NotAllowedError');
        return options.grants ?? false;
      },
    },
  };
  return { nav, calls };
}

describe('storage quota and persistence', () => {
  it('reports usage, quota and persistence', async () => {
    const { nav } = navigatorDouble({ usage: 1_234_567, quota: 10_737_418_240, persisted: true });
    expect(await storageReport(nav)).toEqual({ usage: 1_234_567, quota: 10_737_418_240, persisted: true });
  });

  it('reports unknowns when the API is absent', async () => {
    expect(await storageReport({})).toEqual({ usage: undefined, quota: undefined, persisted: false });
  });

  it('treats a refusal (headless Chromium answers false) as advice, not an error', async () => {
    const { nav, calls } = navigatorDouble({ grants: false });
    const result = await requestPersistence(nav);
    expect(result).toEqual({ granted: false, message: PERSISTENCE_REFUSED });
    expect(result.message).toMatch(/may delete the library/);
    expect(result.message).toMatch(/Export the library/);
    expect(calls).toContain('persist');
  });

  it('treats a rejected request as a refusal', async () => {
    const { nav } = navigatorDouble({ grants: 'reject' });
    expect(await requestPersistence(nav)).toEqual({ granted: false, message: PERSISTENCE_REFUSED });
  });

  it('reports a grant, and does not ask again when already persistent', async () => {
    expect(await requestPersistence(navigatorDouble({ grants: true }).nav)).toEqual({
      granted: true,
      message: PERSISTENCE_GRANTED,
    });
    const { nav, calls } = navigatorDouble({ persisted: true, grants: false });
    expect((await requestPersistence(nav)).granted).toBe(true);
    expect(calls).not.toContain('persist');
  });

  it('explains when the browser has no persistence API', async () => {
    expect(await requestPersistence({})).toEqual({ granted: false, message: PERSISTENCE_UNAVAILABLE });
    expect(await requestPersistence({ storage: {} })).toEqual({ granted: false, message: PERSISTENCE_UNAVAILABLE });
  });
});
