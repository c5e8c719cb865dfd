import { describe, expect, it } from 'vitest';
import { escapeFormula, isEscapedFormula, spreadsheetCell, startsLikeFormula, unescapeFormula } from './spreadsheet-cell';

describe('formula injection in exported cells (OWASP CSV injection)', () => {
  it('puts an apostrophe before text starting with = + - @, tab or CR', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\t=1', '\r=1', '=', '-']) {
      expect(escapeFormula(text), JSON.stringify(text)).toBe(`'${text}`);
      expect(startsLikeFormula(text)).toBe(true);
    }
  });

  it('leaves other text as it is, formula characters further in included', () => {
    for (const text of ['', 'a=b', ' =1', 'A-1', 'x@example.com', "'=1", '1+1', '\n=1', 'مرحبا=', '＝1']) {
      expect(escapeFormula(text), JSON.stringify(text)).toBe(text);
    }
  });

  it('keeps numbers and booleans as they are: -5 stays the number -5', () => {
    expect(spreadsheetCell(-5)).toBe(-5);
    expect(spreadsheetCell(-0.25)).toBe(-0.25);
    expect(spreadsheetCell(0)).toBe(0);
    expect(spreadsheetCell(false)).toBe(false);
    // The same characters as text are text, and escaped.
    expect(spreadsheetCell('-5')).toBe("'-5");
  });

  it('writes null empty, objects as JSON, big integers as digits', () => {
    expect(spreadsheetCell(null)).toBe('');
    expect(spreadsheetCell(undefined)).toBe('');
    expect(spreadsheetCell({ a: '=1' })).toBe('{"a":"=1"}');
    expect(spreadsheetCell(['x'])).toBe('["x"]');
    expect(spreadsheetCell(12345678901234567890n)).toBe('12345678901234567890');
    expect(spreadsheetCell('=1+2')).toBe("'=1+2");
  });

  it('reads an escaped cell back as it was, and nothing else', () => {
    for (const text of ['=1+2', '+1', '-2', '@A1', '\tx', '\rx', 'plain', "'plain", "'"]) expect(unescapeFormula(escapeFormula(text))).toBe(text);
    expect(unescapeFormula("'plain")).toBe("'plain");
    expect(isEscapedFormula("'=1")).toBe(true);
    expect(isEscapedFormula("'a")).toBe(false);
  });
});
