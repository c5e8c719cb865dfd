import { describe, expect, it } from 'vitest';
import { checkCodeSyntax } from './code-syntax';

describe('checkCodeSyntax json', () => {
  it.each(['{}', '[]', '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]}', ' 42 ', '"text"'])('accepts %s', (text) => {
    expect(checkCodeSyntax('json', text)).toBeNull();
  });

  it('names line and column of the first problem', () => {
    expect(checkCodeSyntax('json', '{\n  "a": 1,\n  "b": x\n}')).toEqual({ line: 3, column: 8, reason: 'unexpected-character' });
    expect(checkCodeSyntax('json', '{"a": 1,}')).toEqual({ line: 1, column: 9, reason: 'unexpected-character' });
    expect(checkCodeSyntax('json', '{"a": [1, 2')).toEqual({ line: 1, column: 12, reason: 'unexpected-end' });
    expect(checkCodeSyntax('json', '')).toEqual({ line: 1, column: 1, reason: 'unexpected-end' });
    expect(checkCodeSyntax('json', '{} {}')).toEqual({ line: 1, column: 4, reason: 'trailing-text' });
    expect(checkCodeSyntax('json', '"a\\q"')).toEqual({ line: 1, column: 3, reason: 'invalid-escape' });
    expect(checkCodeSyntax('json', 'tru')).toEqual({ line: 1, column: 4, reason: 'unexpected-end' });
    expect(checkCodeSyntax('json', '01')).toEqual({ line: 1, column: 2, reason: 'trailing-text' });
  });
});

describe('checkCodeSyntax xml', () => {
  it.each([
    '<a/>',
    '<?xml version="1.0"?>\n<!-- c -->\n<receipt width="42"><line align=\'center\'>Total &amp; tax &#10;</line><![CDATA[<x>]]></receipt>\n',
    '<!DOCTYPE a><a><b/><b></b></a>',
  ])('accepts %s', (text) => {
    expect(checkCodeSyntax('xml', text)).toBeNull();
  });

  it('names line and column of the first problem', () => {
    expect(checkCodeSyntax('xml', '<a>\n  <b>\n</a>')).toEqual({ line: 3, column: 1, reason: 'mismatched-tag', detail: 'b' });
    expect(checkCodeSyntax('xml', '<a>')).toEqual({ line: 1, column: 4, reason: 'unexpected-end' });
    expect(checkCodeSyntax('xml', '<a x="1" x="2"/>')).toEqual({ line: 1, column: 10, reason: 'duplicate-attribute', detail: 'x' });
    expect(checkCodeSyntax('xml', '<a x=1/>')).toEqual({ line: 1, column: 6, reason: 'unexpected-character' });
    expect(checkCodeSyntax('xml', '<a/><b/>')).toEqual({ line: 1, column: 5, reason: 'trailing-text' });
    expect(checkCodeSyntax('xml', '  ')).toEqual({ line: 1, column: 3, reason: 'no-root' });
    expect(checkCodeSyntax('xml', '<a>&nope</a>')).toEqual({ line: 1, column: 4, reason: 'unexpected-character' });
    expect(checkCodeSyntax('xml', 'text')).toEqual({ line: 1, column: 1, reason: 'unexpected-character' });
  });
});

describe('checkCodeSyntax text', () => {
  it('accepts anything', () => expect(checkCodeSyntax('text', '{<')).toBeNull());
});
