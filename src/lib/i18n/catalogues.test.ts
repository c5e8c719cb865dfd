import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readPoEntries, type PoEntry } from '../../../scripts/po-file';
import { SUPPORTED_LOCALES } from './locales';

/** The live entries of a language's .po file (header and obsolete '#~' entries left out). */
function readCatalogue(locale: string): PoEntry[] {
  return readPoEntries(fileURLToPath(new URL(`../../locales/${locale}/messages.po`, import.meta.url)));
}

// Words that are the same in a language as in English; keep this list short.
const SAME_AS_ENGLISH = new Set(['URL', 'Version', 'Global', 'Password', 'Status', 'Installation', 'Organisation', 'Description', 'Job', 'Jobs', 'Configuration', 'OK', 'Document', 'Documents', 'Article', 'Date', 'Uid', 'Total', 'Subtotal', 'Table', 'Tables', 'Actions',
  // Shared with English by several languages: a format and a unit (XML, KB), and words German, French, Spanish, Italian
  // or Czech write the same (Logo, Barcode, Normal, Uploads, Image, Message, Messages, Editor); a standard's name (JSON Schema).
  'XML', 'KB', 'Logo', 'Barcode', 'Normal', 'Uploads', 'Image', 'Message', 'Messages', 'Editor', 'JSON Schema',
  // The word German keeps for a passkey (its own name in the W3C's and the platforms' German texts).
  'Passkeys']);

/** Placeholder names ({name}, {count, plural, ...}) and tags (<0>) a translation must keep. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{(\w+)\s*[,}]/g)].map((match) => `{${match[1]}}`);
  const tags = [...message.matchAll(/<\/?\d+\/?>/g)].map((match) => match[0]);
  return [...new Set([...names, ...tags])].sort();
}

/** The words of a message, without placeholders, tags and surrounding punctuation. */
function words(message: string): string {
  return message.replace(/\{[^}]*\}/g, '').replace(/<\/?\d+\/?>/g, '').replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/** Whether a translation may equal its English source: nothing to translate, or a word the language shares. */
function mayEqualEnglish(id: string): boolean {
  const text = words(id);
  return text === '' || SAME_AS_ENGLISH.has(text);
}

describe('catalogues', () => {
  const english = readCatalogue('en');
  // Messages with an explicit id carry their English text in the English catalogue's msgstr.
  const englishText = new Map(english.map((entry) => [entry.id, entry.translation || entry.id]));

  it('has messages to check', () => {
    expect(english.length).toBeGreaterThan(50);
  });

  for (const locale of SUPPORTED_LOCALES.filter((code) => code !== 'en')) {
    it(`translates every message into ${locale}, keeping the placeholders`, () => {
      const entries = readCatalogue(locale);
      expect(entries.map((entry) => entry.id).sort()).toEqual(english.map((entry) => entry.id).sort());
      const problems: string[] = [];
      for (const { id, translation } of entries) {
        const source = englishText.get(id) ?? id;
        if (!translation) problems.push(`missing: ${id}`);
        else if (translation === source && !mayEqualEnglish(source)) problems.push(`still English: ${id}`);
        else if (placeholders(translation).join() !== placeholders(source).join()) problems.push(`placeholders differ: ${id} -> ${translation}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
