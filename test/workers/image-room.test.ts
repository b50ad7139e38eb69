import { describe, expect, it } from 'vitest';
import { imageRoom } from '../../workers/engine/image-saver.ts';

describe('the room an open image asks for', () => {
  it('is its own size when it replaces a larger one (it gives room back), twice its size when it grows', () => {
    // a document deleted: the 2.8 MB image replaces the 4.5 MB one
    expect(imageRoom(2_785_204, 4_470_328)).toBe(2_785_204);
    expect(imageRoom(4_470_328, 2_785_204)).toBe(8_940_656);
    // the first image of a session that read none
    expect(imageRoom(1000, 0)).toBe(2000);
  });
});
