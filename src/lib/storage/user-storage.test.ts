// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { readUserValue, userStorageKey, writeUserValue } from './user-storage';

describe('user storage', () => {
  beforeEach(() => localStorage.clear());
  it('prefixes keys with the application id and the user id', () => {
    expect(userStorageKey(42, 'favourites')).toBe('mate.42.favourites');
    writeUserValue('7', 'recent', ['/a']);
    expect(localStorage.getItem('mate.7.recent')).toBe('["/a"]');
  });
  it('keeps users apart and survives broken entries', () => {
    writeUserValue(1, 'x', { a: 1 });
    expect(readUserValue(1, 'x')).toEqual({ a: 1 });
    expect(readUserValue(2, 'x')).toBeUndefined();
    localStorage.setItem('mate.1.x', '{broken');
    expect(readUserValue(1, 'x')).toBeUndefined();
  });
});
