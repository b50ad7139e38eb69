import { describe, expect, it } from 'vitest';
import { askToKeep, isKept, type PersistNavigator } from '../../src/app/lib/persistence.ts';

function navigatorDouble(options: { persisted?: boolean; grants?: boolean | 'reject' }) {
  const calls: string[] = [];
  const nav: PersistNavigator = {
    storage: {
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

describe('asking the browser to keep the library', () => {
  it('reports a refusal (headless Chromium answers false), and a rejected request as one', async () => {
    const { nav, calls } = navigatorDouble({ grants: false });
    expect(await askToKeep(nav)).toBe('refused');
    expect(calls).toEqual(['persisted', 'persist']);
    expect(await askToKeep(navigatorDouble({ grants: 'reject' }).nav)).toBe('refused');
  });

  it('reports a grant, and does not ask again when the library is kept already', async () => {
    expect(await askToKeep(navigatorDouble({ grants: true }).nav)).toBe('granted');
    const { nav, calls } = navigatorDouble({ persisted: true, grants: false });
    expect(await askToKeep(nav)).toBe('granted');
    expect(await isKept(nav)).toBe(true);
    expect(calls).not.toContain('persist');
  });

  it('says when the browser cannot be asked (a worker, an old browser)', async () => {
    expect(await askToKeep({})).toBe('unavailable');
    expect(await askToKeep({ storage: { persisted: async () => false } })).toBe('unavailable');
    expect(await isKept({})).toBe(false);
  });
});
