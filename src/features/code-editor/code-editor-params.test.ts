import { describe, expect, it } from 'vitest';
import { readCodeEditorParams } from './code-editor-params';

const read = (query: string) => readCodeEditorParams(new URLSearchParams(query));

describe('readCodeEditorParams', () => {
  it('defaults: not boxed, editable, no wrapping, plain text, empty', () => {
    expect(read('')).toEqual({ boxed: false, readOnly: false, lineWrapping: false, languageMode: 'text', content: '' });
  });

  it('reads the booleans as true, 1, yes or a bare name; anything else is false', () => {
    expect(read('boxed=true&readOnly=1&lineWrapping')).toMatchObject({ boxed: true, readOnly: true, lineWrapping: true });
    expect(read('boxed=TRUE&readOnly=yes')).toMatchObject({ boxed: true, readOnly: true });
    expect(read('boxed=false&readOnly=0&lineWrapping=no')).toMatchObject({ boxed: false, readOnly: false, lineWrapping: false });
  });

  it('reads the language mode by name or media type, else plain text', () => {
    expect(read('languageMode=json').languageMode).toBe('json');
    expect(read('languageMode=XML').languageMode).toBe('xml');
    expect(read('languageMode=application/json').languageMode).toBe('json');
    expect(read('languageMode=text/xml').languageMode).toBe('xml');
    expect(read('languageMode=yaml').languageMode).toBe('text');
  });

  it('passes the content on decoded', () => {
    expect(read(`content=${encodeURIComponent('{"a": 1}\n<b/>')}`).content).toBe('{"a": 1}\n<b/>');
  });
});
