import { describe, expect, it } from 'vitest';
import { EXAMPLE_TEXT } from './example-document';
import { runPlaygroundCheck } from './run-playground-check';

describe('runPlaygroundCheck', () => {
  it('compiles a valid text in the given language', () => {
    const result = runPlaygroundCheck(EXAMPLE_TEXT, [], 'de');
    expect(result.issues).toEqual([]);
    expect(result.compiled?.label).toBe('Beispiel');
    expect(result.compiled?.grid.columns.map((column) => column.field)).toEqual(['Code', 'Name', 'Price', 'Kind', 'ValidFrom']);
  });

  it('gives the checker messages with the place of each in the text, and no compiled kind', () => {
    const text = EXAMPLE_TEXT.replace('"type": "Number",\n      "managedType": "decimal"', '"type": "Numbr",\n      "managedType": "decimal"');
    const result = runPlaygroundCheck(text, [], 'en');
    expect(result.compiled).toBeUndefined();
    expect(result.issues).toEqual([{ path: '/fields/2/type', message: expect.stringContaining("(did you mean 'Number'?)"), offset: text.indexOf('"Numbr"') }]);
  });

  it('names the line of a syntax problem instead of checking', () => {
    expect(runPlaygroundCheck('{\n  "area": ,\n}', [], 'en')).toEqual({ syntax: expect.objectContaining({ line: 2 }), issues: [] });
  });
});
