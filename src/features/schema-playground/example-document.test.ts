import { describe, expect, it } from 'vitest';
import { checkPlaygroundDocument } from '../../../schemas/check-playground-document';
import { EXAMPLE_DOCUMENT, EXAMPLE_TEXT } from './example-document';

describe('the playground example', () => {
  it('is a document the checker accepts, so the page opens without a message', () => {
    expect(checkPlaygroundDocument(JSON.parse(EXAMPLE_TEXT), [])).toEqual([]);
    expect(JSON.parse(EXAMPLE_TEXT)).toEqual(EXAMPLE_DOCUMENT);
  });
});
