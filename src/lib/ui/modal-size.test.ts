import { describe, expect, it } from 'vitest';
import { dialogSize, MODAL_SIZES } from './modal-size';

describe('modal sizes', () => {
  it('offers the six sizes of spec 1 §9 with md as the default', () => {
    expect([...MODAL_SIZES].sort()).toEqual(['fullscreen', 'lg', 'max', 'md', 'sm', 'xl']);
    expect(dialogSize()).toBe('md');
  });

  it('draws every size differently: max covers the screen with a margin, fullscreen fills it', () => {
    expect(new Set(MODAL_SIZES.map((size) => dialogSize(size))).size).toBe(MODAL_SIZES.length);
    expect(dialogSize('max')).toBe('cover');
    expect(dialogSize('fullscreen')).toBe('full');
  });
});
