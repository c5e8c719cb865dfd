import { describe, expect, it } from 'vitest';
import { jsonPointerOffset } from './json-pointer-offset';

const text = `{
  "area": "demo",
  "fields": [
    { "name": "Code", "type": "String" },
    { "name": "Na/me", "type": "Strng", "nested": { "a": [1, 2] } }
  ]
}`;

describe('jsonPointerOffset', () => {
  it('finds the value a pointer names, through arrays, objects and escaped keys', () => {
    expect(text.slice(jsonPointerOffset(text, '/fields/1/type'))).toMatch(/^"Strng"/);
    expect(text.slice(jsonPointerOffset(text, '/fields/0/name'))).toMatch(/^"Code"/);
    expect(text.slice(jsonPointerOffset(text, '/fields/1/nested/a/1'))).toMatch(/^2\]/);
    expect(text.slice(jsonPointerOffset(text, '/area'))).toMatch(/^"demo"/);
    expect(jsonPointerOffset(text, '')).toBe(0);
  });

  it('falls back to the nearest container for a missing member', () => {
    expect(text.slice(jsonPointerOffset(text, '/fields/1/label'))).toMatch(/^\{ "name": "Na\/me"/);
    expect(text.slice(jsonPointerOffset(text, '/fields/7'))).toMatch(/^\[/);
  });

  it('stops at broken text instead of guessing', () => {
    expect(jsonPointerOffset('{ "a": [1, oops, 3] }', '/a/2')).toBe(7);
    expect(jsonPointerOffset('{ "a": ', '/a/b')).toBe(7);
  });
});
