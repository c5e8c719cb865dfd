import { describe, expect, it } from 'vitest';
import { createRandom, seedOf } from './random';

describe('createRandom', () => {
  it('repeats its sequence for a seed and differs for another', () => {
    const take = (seed: number) => Array.from({ length: 5 }, (() => { const r = createRandom(seed); return () => r.next(); })());
    expect(take(1)).toEqual(take(1));
    expect(take(1)).not.toEqual(take(2));
  });
  it('keeps ints within bounds and samples distinct elements', () => {
    const r = createRandom(seedOf(7, 'test'));
    for (let i = 0; i < 1000; i += 1) {
      const v = r.int(-2, 3);
      expect(v).toBeGreaterThanOrEqual(-2);
      expect(v).toBeLessThanOrEqual(3);
    }
    const sample = r.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
  });
});
