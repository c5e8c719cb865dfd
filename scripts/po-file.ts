import { readFileSync } from 'node:fs';

/** One live entry of a gettext .po file. */
export interface PoEntry {
  /** The msgid: the English text, or the explicit id of a message declared with one. */
  id: string;
  context?: string;
  translation: string;
  /** Whether Lingui marked the id as explicit (`#. js-lingui-explicit-id`) rather than the English text. */
  explicitId: boolean;
}

const unquote = (raw: string) => raw.trim().split('\n').map((part) => JSON.parse(part) as string).join('');

/**
 * The entries of a .po file as Lingui writes them (one entry a block, strings as JSON-compatible quoted lines); the
 * header (empty msgid) and obsolete '#~' entries are left out. For tests and tools that read catalogues as data.
 */
export function readPoEntries(file: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    const joined = block.split('\n').filter((line) => !line.startsWith('#')).join('\n');
    const id = /^msgid ((?:".*"\n?)+)/m.exec(joined)?.[1];
    if (!id || !unquote(id)) continue;
    const context = /^msgctxt ((?:".*"\n?)+)/m.exec(joined)?.[1];
    const translation = /^msgstr ((?:".*"\n?)+)/m.exec(joined)?.[1];
    entries.push({
      id: unquote(id),
      ...(context !== undefined && { context: unquote(context) }),
      translation: translation === undefined ? '' : unquote(translation),
      explicitId: block.includes('#. js-lingui-explicit-id'),
    });
  }
  return entries;
}
