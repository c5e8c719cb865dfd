/** The languages the code editor highlights and checks; `text` is checked by nothing. */
export type CodeLanguage = 'json' | 'xml' | 'text';

/** Why a text is not well-formed, as a key the UI translates. */
export type SyntaxReason =
  | 'unexpected-character' // a character that cannot stand here
  | 'unexpected-end' // the text ends inside a value, string, tag or element
  | 'invalid-escape' // a JSON string's backslash escape, or a control character in it
  | 'trailing-text' // more after the one value (JSON) or the root element (XML)
  | 'no-root' // XML without any element
  | 'mismatched-tag' // an end tag that does not close the open element (`detail` names the expected one)
  | 'duplicate-attribute'; // an attribute given twice on one element (`detail` names it)

/** Where and why a text is not well-formed: line and column count from 1. */
export interface SyntaxProblem {
  line: number;
  column: number;
  reason: SyntaxReason;
  detail?: string;
}

/**
 * The first problem of a text in the given language, or null when it is well-formed (always for `text`).
 * Our own small checkers rather than `JSON.parse` and `DOMParser`: their messages differ between engines and
 * Node's JSON errors carry no position, while the editor must name the line on every browser and in tests.
 */
export function checkCodeSyntax(language: CodeLanguage, text: string): SyntaxProblem | null {
  const problem = language === 'json' ? checkJson(text) : language === 'xml' ? checkXml(text) : null;
  return problem && { ...lineAndColumn(text, problem.at), reason: problem.reason, ...(problem.detail !== undefined && { detail: problem.detail }) };
}

interface Failure {
  at: number;
  reason: SyntaxReason;
  detail?: string;
}

class SyntaxFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.reason);
  }
}

function fail(at: number, reason: SyntaxReason, detail?: string): never {
  throw new SyntaxFailure({ at, reason, ...(detail !== undefined && { detail }) });
}

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: at - start + 1 };
}

function attempt(check: () => void): Failure | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof SyntaxFailure) return error.failure;
    throw error;
  }
}

// --- JSON (RFC 8259) ---

const JSON_SPACE = /[ \t\n\r]/;
const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function checkJson(text: string): Failure | null {
  return attempt(() => {
    let i = 0;
    const skip = () => {
      while (i < text.length && JSON_SPACE.test(text[i]!)) i++;
    };
    const expect = (char: string) => {
      if (i >= text.length) fail(i, 'unexpected-end');
      if (text[i] !== char) fail(i, 'unexpected-character');
      i++;
    };
    const string = () => {
      expect('"');
      for (;;) {
        if (i >= text.length) fail(i, 'unexpected-end');
        const c = text[i]!;
        if (c === '"') return void i++;
        if (c < ' ') fail(i, 'invalid-escape');
        if (c === '\\') {
          const next = text[i + 1];
          if (next === undefined) fail(i + 1, 'unexpected-end');
          if (next === 'u') {
            if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i, 'invalid-escape');
            i += 6;
          } else if ('"\\/bfnrt'.includes(next)) i += 2;
          else fail(i, 'invalid-escape');
        } else i++;
      }
    };
    const value = (): void => {
      skip();
      if (i >= text.length) fail(i, 'unexpected-end');
      const c = text[i]!;
      if (c === '{') {
        i++;
        skip();
        if (text[i] === '}') return void i++;
        for (;;) {
          skip();
          string();
          skip();
          expect(':');
          value();
          skip();
          if (text[i] === ',') i++;
          else return expect('}');
        }
      }
      if (c === '[') {
        i++;
        skip();
        if (text[i] === ']') return void i++;
        for (;;) {
          value();
          skip();
          if (text[i] === ',') i++;
          else return expect(']');
        }
      }
      if (c === '"') return string();
      for (const word of ['true', 'false', 'null']) {
        if (text.startsWith(word, i)) return void (i += word.length);
        if (word.startsWith(text.slice(i)) && text.length - i < word.length) fail(text.length, 'unexpected-end');
      }
      JSON_NUMBER.lastIndex = i;
      if (JSON_NUMBER.test(text)) return void (i = JSON_NUMBER.lastIndex);
      fail(i, 'unexpected-character');
    };
    value();
    skip();
    if (i < text.length) fail(i, 'trailing-text');
  });
}

// --- XML 1.0 well-formedness (elements, attributes, comments, CDATA, processing instructions, a DOCTYPE without an
// internal subset, entity and character references) ---

const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;
const NAME_CHAR = /[A-Za-z0-9_:.\-\u00B7\u00C0-\uFFFF]/;
const XML_SPACE = /[ \t\n\r]/;
const REFERENCE = /&(?:[A-Za-z_:][A-Za-z0-9_:.-]*|#\d+|#x[0-9a-fA-F]+);/y;

function checkXml(text: string): Failure | null {
  return attempt(() => {
    let i = 0;
    const open: { name: string; at: number }[] = [];
    let roots = 0;
    const skip = () => {
      while (i < text.length && XML_SPACE.test(text[i]!)) i++;
    };
    const name = (): string => {
      if (i >= text.length) fail(i, 'unexpected-end');
      if (!NAME_START.test(text[i]!)) fail(i, 'unexpected-character');
      const start = i;
      while (i < text.length && NAME_CHAR.test(text[i]!)) i++;
      return text.slice(start, i);
    };
    const until = (end: string) => {
      const found = text.indexOf(end, i);
      if (found < 0) fail(text.length, 'unexpected-end');
      i = found + end.length;
    };
    const reference = () => {
      REFERENCE.lastIndex = i;
      if (!REFERENCE.test(text)) fail(i, 'unexpected-character');
      i = REFERENCE.lastIndex;
    };
    const startTag = () => {
      const at = i;
      i++; // '<'
      const tag = name();
      const seen = new Set<string>();
      for (;;) {
        const spaced = i < text.length && XML_SPACE.test(text[i]!);
        skip();
        if (i >= text.length) fail(i, 'unexpected-end');
        if (text.startsWith('/>', i)) {
          i += 2;
          if (open.length === 0) roots++;
          return;
        }
        if (text[i] === '>') {
          i++;
          if (open.length === 0) roots++;
          open.push({ name: tag, at });
          return;
        }
        if (!spaced) fail(i, 'unexpected-character');
        const attributeAt = i;
        const attribute = name();
        if (seen.has(attribute)) fail(attributeAt, 'duplicate-attribute', attribute);
        seen.add(attribute);
        skip();
        if (i >= text.length) fail(i, 'unexpected-end');
        if (text[i] !== '=') fail(i, 'unexpected-character');
        i++;
        skip();
        const quote = text[i];
        if (quote === undefined) fail(i, 'unexpected-end');
        if (quote !== '"' && quote !== "'") fail(i, 'unexpected-character');
        i++;
        for (;;) {
          if (i >= text.length) fail(i, 'unexpected-end');
          const c = text[i]!;
          if (c === quote) break;
          if (c === '<') fail(i, 'unexpected-character');
          if (c === '&') reference();
          else i++;
        }
        i++;
      }
    };
    const endTag = () => {
      const at = i;
      i += 2; // '</'
      const tag = name();
      skip();
      if (i >= text.length) fail(i, 'unexpected-end');
      if (text[i] !== '>') fail(i, 'unexpected-character');
      const current = open.pop();
      if (!current) fail(at, 'trailing-text');
      if (current.name !== tag) fail(at, 'mismatched-tag', current.name);
      i++;
    };
    while (i < text.length) {
      const c = text[i]!;
      if (c === '<') {
        if (text.startsWith('<!--', i)) {
          i += 4;
          until('-->');
        } else if (text.startsWith('<![CDATA[', i)) {
          if (open.length === 0) fail(i, roots > 0 ? 'trailing-text' : 'unexpected-character');
          i += 9;
          until(']]>');
        } else if (text.startsWith('<?', i)) {
          i += 2;
          until('?>');
        } else if (text.startsWith('<!DOCTYPE', i)) {
          if (roots > 0 || open.length > 0) fail(i, 'unexpected-character');
          i += 9;
          until('>');
        } else if (text[i + 1] === '/') endTag();
        else {
          if (open.length === 0 && roots > 0) fail(i, 'trailing-text');
          startTag();
        }
      } else if (open.length === 0) {
        if (!XML_SPACE.test(c)) fail(i, roots > 0 ? 'trailing-text' : 'unexpected-character');
        i++;
      } else if (c === '&') reference();
      else i++;
    }
    if (open.length > 0) fail(text.length, 'unexpected-end');
    if (roots === 0) fail(text.length, 'no-root');
  });
}
