import { describe, expect, it } from 'vitest';
import { recalledScroll, rememberScroll, REMEMBERED_ENTRIES } from './scroll-memory';

/** sessionStorage as the browser gives it, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('scroll memory', () => {
  it('gives back the position kept for each history entry, the latest one written', () => {
    const storage = memoryStorage();
    rememberScroll(storage, '/data/a#k1', 1200);
    rememberScroll(storage, '/data/a#k2', 40);
    rememberScroll(storage, '/data/a#k1', 1750.4);
    expect(recalledScroll(storage, '/data/a#k1')).toBe(1750);
    expect(recalledScroll(storage, '/data/a#k2')).toBe(40);
    expect(recalledScroll(storage, '/data/b#k1')).toBeUndefined();
  });

  it('keeps only the most recent entries', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= REMEMBERED_ENTRIES; i++) rememberScroll(storage, `e${i}`, i);
    expect(recalledScroll(storage, 'e0')).toBeUndefined();
    expect(recalledScroll(storage, 'e1')).toBe(1);
    expect(recalledScroll(storage, `e${REMEMBERED_ENTRIES}`)).toBe(REMEMBERED_ENTRIES);
  });

  it('restores nothing from a value it did not write', () => {
    const storage = memoryStorage();
    storage.setItem('mate.grid-scroll', '{not json');
    expect(recalledScroll(storage, 'e')).toBeUndefined();
    rememberScroll(storage, 'e', 5);
    expect(recalledScroll(storage, 'e')).toBe(5);
  });
});
