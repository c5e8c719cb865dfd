import { readdirSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { readPoEntries } from './po-file';

// In ICU messages an apostrophe before a brace quotes it: "'{title}' will be deleted" shows "{title}" itself, not
// the title. Quotes around a value are written doubled ("''{value}''") or as typographic quotes.
const LOCALES_DIR = path.join(process.cwd(), 'src/locales');

/** A compiled message: a sequence of literal texts and arguments `[name, format?, cases?]`, cases being sequences. */
type Part = string | [string, (string | null)?, Record<string, Part[] | string | undefined>?];

/** Literal text of a compiled message that still reads like a placeholder, and the arguments it really has. */
function inspect(parts: Part[] | string, literals: string[] = [], args = new Set<string>()): { literals: string[]; args: Set<string> } {
  for (const part of typeof parts === 'string' ? [parts] : parts) {
    if (typeof part === 'string') {
      if (/\{\w+\}/.test(part)) literals.push(part);
      continue;
    }
    const [name, , cases] = part;
    args.add(name);
    for (const sequence of Object.values(cases ?? {})) if (sequence !== undefined) inspect(sequence, literals, args); // (offset: undefined)
  }
  return { literals, args };
}

const locales = readdirSync(LOCALES_DIR);

describe('catalogue placeholders', () => {
  it.each(locales.map((l) => [l]))('%s: no message quotes away a placeholder, and translations keep the placeholders of their message', (locale) => {
    const problems: string[] = [];
    for (const entry of readPoEntries(path.join(LOCALES_DIR, locale, 'messages.po'))) {
      const source = inspect(compileMessage(entry.id) as Part[]);
      if (source.literals.length > 0 && !entry.explicitId) problems.push(`msgid ${JSON.stringify(entry.id)} shows ${JSON.stringify(source.literals)} literally`);
      if (!entry.translation) continue;
      const translated = inspect(compileMessage(entry.translation) as Part[]);
      if (translated.literals.length > 0) problems.push(`msgstr of ${JSON.stringify(entry.id)} shows ${JSON.stringify(translated.literals)} literally`);
      const missing = entry.explicitId ? [] : [...source.args].filter((arg) => !translated.args.has(arg));
      if (missing.length > 0) problems.push(`msgstr of ${JSON.stringify(entry.id)} loses ${missing.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
