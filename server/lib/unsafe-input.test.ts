import { describe, expect, it } from 'vitest';
import { findUnsafeInput, textProblem } from './unsafe-input';

describe('textProblem', () => {
  it('accepts any well-formed text, paired surrogates (emoji) included', () => {
    expect(textProblem('Grüße 😀 مرحبا')).toBeUndefined();
  });
  it.each([
    ['a\u0000b', 'NUL'],
    ['\ud800', 'surrogate'],
    ['x\udc00', 'surrogate'],
    ['\ud83d', 'surrogate'],
  ])('refuses %j (%s)', (text, word) => {
    expect(textProblem(text)).toContain(word);
  });
});

describe('findUnsafeInput', () => {
  it('names the path of a bad text inside objects and arrays', () => {
    expect(findUnsafeInput({ Name: 'ok', Attributes: { Color: 'r\u0000' } })).toEqual({ path: 'Attributes.Color', problem: 'must not contain a NUL character' });
    expect(findUnsafeInput({ records: [{}, { Tags: ['a', '\udc00'] }] })?.path).toBe('records.1.Tags.1');
  });
  it('refuses a bad member name', () => {
    expect(findUnsafeInput({ Attributes: { 'a\u0000': 1 } })?.problem).toContain('member name');
  });
  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeInput(deep, 32)).toEqual({ path: Array.from({ length: 32 }, () => '0').join('.'), problem: 'nests deeper than 32 levels' });
    expect(findUnsafeInput({ a: { b: 1 } }, 2)).toBeUndefined();
    expect(findUnsafeInput({ a: { b: {} } }, 2)?.path).toBe('a.b');
  });
  it('passes plain values through', () => {
    expect(findUnsafeInput(null)).toBeUndefined();
    expect(findUnsafeInput({ n: 1, b: true, s: 'x', l: [1, 'y'] })).toBeUndefined();
  });
});
