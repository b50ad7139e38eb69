import { describe, expect, it } from 'vitest';
import { MAX_NOTICES, pushNotice, type Notice } from '../../src/app/lib/notices.ts';

const notice = (id: number, subject: string): Notice => ({ id, message: `m${id}`, tone: 'error', subject });

describe('pushNotice', () => {
  it('keeps at most three, dropping the oldest', () => {
    let stack: Notice[] = [];
    for (let id = 1; id <= 5; id++) stack = pushNotice(stack, notice(id, `s${id}`));
    expect(MAX_NOTICES).toBe(3);
    expect(stack.map((n) => n.id)).toEqual([3, 4, 5]);
  });

  it('replaces a notice about the same subject, the newer one last', () => {
    let stack = pushNotice([], notice(1, 'backup'));
    stack = pushNotice(stack, notice(2, 'model'));
    stack = pushNotice(stack, notice(3, 'backup'));
    expect(stack.map((n) => n.id)).toEqual([2, 3]);
  });
});
