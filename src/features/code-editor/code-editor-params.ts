import type { CodeLanguage } from '../../../renderers/code-editor/code-syntax';

/** The route parameters of tools/editor (spec 1 §2, spec 2 §2), read from the address's query string. */
export interface CodeEditorParams {
  /** The editor in a framed box of the boxed layout's width, instead of the page's full width and height. */
  boxed: boolean;
  readOnly: boolean;
  lineWrapping: boolean;
  /** 'json', 'xml', or plain text for anything else. */
  languageMode: CodeLanguage;
  /** The text shown at first. */
  content: string;
}

function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  if (value === null) return false;
  // `?readOnly` alone counts as true, like a boolean HTML attribute.
  return value === '' || /^(true|1|yes)$/i.test(value);
}

function language(value: string | null): CodeLanguage {
  const mode = (value ?? '').trim().toLowerCase();
  if (mode === 'json' || mode === 'application/json') return 'json';
  if (mode === 'xml' || mode === 'application/xml' || mode === 'text/xml') return 'xml';
  return 'text';
}

/** The editor's parameters from a query string: booleans `true`/`1`/`yes` or present without a value; others false. */
export function readCodeEditorParams(search: URLSearchParams): CodeEditorParams {
  return {
    boxed: flag(search, 'boxed'),
    readOnly: flag(search, 'readOnly'),
    lineWrapping: flag(search, 'lineWrapping'),
    languageMode: language(search.get('languageMode')),
    content: search.get('content') ?? '',
  };
}
