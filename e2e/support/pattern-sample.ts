/**
 * A random string matching a regular expression of the kind field models use (anchors, groups, alternation,
 * classes with ranges and \d \w \s \S \p{L} \p{N}, quantifiers). Enough to fill a patterned field with a valid
 * value without naming the field; unsupported syntax throws so a test says what it could not build.
 */
type Node =
  | { kind: 'chars'; pick: () => string }
  | { kind: 'alt'; options: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = '0123456789';
// What a negated class picks from: harmless printable characters.
const PRINTABLE = `${LETTERS}${DIGITS}-_.`;

const random = (n: number) => Math.floor(Math.random() * n);
const oneOf = (text: string) => text[random(text.length)] ?? '';

function escapeChars(letter: string, rest: string): { chars: string; used: number } {
  switch (letter) {
    case 'd':
      return { chars: DIGITS, used: 1 };
    case 'w':
      return { chars: `${LETTERS}${DIGITS}_`, used: 1 };
    case 's':
      return { chars: ' ', used: 1 };
    case 'S':
      return { chars: `${LETTERS}${DIGITS}`, used: 1 };
    case 'p': {
      const match = /^\{(\w+)\}/.exec(rest);
      if (!match) throw new Error(`unsupported \\p in pattern near '${rest}'`);
      return { chars: match[1] === 'N' ? DIGITS : LETTERS, used: 1 + match[0].length };
    }
    default:
      return { chars: letter, used: 1 };
  }
}

function parseClass(source: string, start: number): { node: Node; end: number } {
  let i = start;
  const negated = source[i] === '^';
  if (negated) i++;
  let chars = '';
  while (i < source.length && source[i] !== ']') {
    let from: string;
    if (source[i] === '\\') {
      const escaped = escapeChars(source[i + 1] ?? '', source.slice(i + 2));
      i += 1 + escaped.used;
      if (escaped.chars.length > 1) {
        chars += escaped.chars;
        continue;
      }
      from = escaped.chars;
    } else from = source[i++] ?? '';
    if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
      const to = source[i + 1] === '\\' ? (source[i + 2] ?? '') : (source[i + 1] ?? '');
      i += source[i + 1] === '\\' ? 3 : 2;
      for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) chars += String.fromCharCode(c);
    } else chars += from;
  }
  const pool = negated ? [...PRINTABLE].filter((c) => !chars.includes(c)).join('') : chars;
  return { node: { kind: 'chars', pick: () => oneOf(pool) }, end: i + 1 };
}

function parseAlternation(source: string, start: number): { node: Node; end: number } {
  const options: Node[][] = [[]];
  let i = start;
  while (i < source.length && source[i] !== ')') {
    const c = source[i]!;
    let atom: Node | undefined;
    if (c === '|') {
      options.push([]);
      i++;
      continue;
    } else if (c === '^' || c === '$') {
      i++;
      continue;
    } else if (c === '(') {
      const inner = source.startsWith('?:', i + 1) ? i + 3 : i + 1;
      const group = parseAlternation(source, inner);
      atom = group.node;
      i = group.end + 1;
    } else if (c === '[') {
      const set = parseClass(source, i + 1);
      atom = set.node;
      i = set.end;
    } else if (c === '\\') {
      const escaped = escapeChars(source[i + 1] ?? '', source.slice(i + 2));
      atom = { kind: 'chars', pick: () => oneOf(escaped.chars) };
      i += 1 + escaped.used;
    } else if (c === '.') {
      atom = { kind: 'chars', pick: () => oneOf(`${LETTERS}${DIGITS}`) };
      i++;
    } else {
      atom = { kind: 'chars', pick: () => c };
      i++;
    }
    const quantifier = /^(?:\*|\+|\?|\{(\d+)(,(\d*))?\})\??/.exec(source.slice(i));
    if (quantifier) {
      i += quantifier[0].length;
      const q = quantifier[0].replace(/\?$/, '') || '?';
      let min = 0;
      let max = 1;
      if (q.startsWith('*')) max = 3;
      else if (q.startsWith('+')) {
        min = 1;
        max = 6;
      } else if (quantifier[1] !== undefined) {
        min = Number(quantifier[1]);
        max = quantifier[2] === undefined ? min : quantifier[3] ? Number(quantifier[3]) : min + 4;
      }
      atom = { kind: 'repeat', node: atom, min, max };
    }
    options[options.length - 1]!.push(atom);
  }
  return { node: { kind: 'alt', options }, end: i };
}

function generate(node: Node): string {
  if (node.kind === 'chars') return node.pick();
  if (node.kind === 'repeat') {
    const count = node.min + random(Math.min(node.max, node.min + 6) - node.min + 1);
    return Array.from({ length: count }, () => generate(node.node)).join('');
  }
  const option = node.options[random(node.options.length)] ?? [];
  return option.map(generate).join('');
}

/** A random string matching `pattern` with a length in [minLength, maxLength]; throws after many misses. */
export function samplePattern(pattern: string, minLength = 0, maxLength = Number.POSITIVE_INFINITY): string {
  const regex = new RegExp(pattern, 'u');
  const tree = parseAlternation(pattern, 0).node;
  for (let attempt = 0; attempt < 500; attempt++) {
    const text = generate(tree);
    if (regex.test(text) && [...text].length >= minLength && [...text].length <= maxLength) return text;
  }
  throw new Error(`could not build a value matching /${pattern}/ with ${minLength}..${maxLength} characters`);
}
