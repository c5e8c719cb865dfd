import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Font } from '@react-pdf/renderer';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

/** The shipped fonts that no npm package carries (server/lib/fonts, made by scripts/subset-cjk-font.py). */
const SHIPPED_FONTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');

/**
 * The script subsets of the shipped Noto Sans (@fontsource/noto-sans, @fontsource/noto-sans-arabic; .woff, which
 * react-pdf reads), one family each, in fallback order: react-pdf takes each character from the first family that has
 * it. Nothing is fetched at run time and no system font is needed (Debian's DejaVu was, before).
 *
 * Japanese and Chinese come last, from a committed subset of Noto Sans CJK JP (kana, CJK punctuation, full-width
 * forms, JIS level 1 kanji and GB 2312 level 1 hanzi; about 2 MB a weight): @fontsource/noto-sans-jp splits Japanese
 * into ~120 files by character frequency, and react-pdf would have to register and probe each one per text run.
 */
const SUBSETS = [
  { family: 'Noto Sans', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff` },
  { family: 'Noto Sans Latin Ext', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-latin-ext-${weight}-normal.woff` },
  { family: 'Noto Sans Greek', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-greek-${weight}-normal.woff` },
  { family: 'Noto Sans Cyrillic', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-cyrillic-${weight}-normal.woff` },
  { family: 'Noto Sans Arabic', file: (weight: number) => `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff` },
  { family: 'Noto Sans CJK', file: (weight: number) => path.join(SHIPPED_FONTS_DIR, `noto-sans-cjk-subset-${weight}.woff`) },
] as const;

/** A subset's file: a path as it is, a package file through Node's resolution. */
const fontFile = (file: string) => (path.isAbsolute(file) ? file : require.resolve(file));

/** The files of the shipped fonts of one weight, in fallback order (the ESC/POS download rasters text with them too). */
export const shippedFontFiles = (weight: 400 | 700): string[] => SUBSETS.map((subset) => fontFile(subset.file(weight)));

/** The font families of a PDF text, first choice first: Latin, Greek, Cyrillic, Arabic, Japanese and Chinese in regular and bold. */
export const PDF_FONT_FAMILIES: string[] = SUBSETS.map((subset) => subset.family);

let registered = false;

type GlyphSource = { getGlyph(id: number, characters?: number[]): { codePoints?: number[] } | null };

/**
 * fontkit keeps one glyph object per font and glyph id, made with the characters of the first request for it. A glyph
 * first asked for without characters (a composite glyph's component when a PDF's font subset is written, a ligature's
 * part) keeps none, and every later PDF of the process draws that glyph with no text behind it: pdftotext, copying,
 * searching and screen readers lose those letters, though they print. Seen: a report exported after a receipt download
 * lost 'S', 'a', 'T' and 'o' of its bold titles. The first request that names the characters now gives them to the
 * kept glyph. fontkit is @react-pdf/font's own (one copy, pinned to its version in package.json).
 */
function keepGlyphCharacters(): void {
  let owner: object | null = fontkit.create(readFileSync(fontFile(SUBSETS[0].file(400)))) as object | null;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'getGlyph')) owner = Object.getPrototypeOf(owner) as object | null;
  if (!owner) return;
  const source = owner as GlyphSource;
  const getGlyph = source.getGlyph;
  source.getGlyph = function (this: GlyphSource, id: number, characters: number[] = []) {
    const glyph = getGlyph.call(this, id, characters);
    if (glyph && characters.length > 0 && glyph.codePoints?.length === 0) glyph.codePoints = characters;
    return glyph;
  };
}

/** Registers the fonts once (react-pdf's font store is global) and answers the fallback list for `fontFamily`. */
export function registerPdfFonts(): string[] {
  if (!registered) {
    keepGlyphCharacters();
    for (const subset of SUBSETS) {
      Font.register({ family: subset.family, fonts: [{ src: fontFile(subset.file(400)) }, { src: fontFile(subset.file(700)), fontWeight: 'bold' }] });
    }
    // Words are never hyphenated: the English hyphenation react-pdf has would split article numbers and other languages.
    Font.registerHyphenationCallback((word) => [word]);
    registered = true;
  }
  return PDF_FONT_FAMILIES;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * The families for one text: the Arabic font first when the text has Arabic letters. react-pdf shapes each font run
 * on its own, so an Arabic word whose letters came after a run of another font (a digit or space from Noto Sans)
 * lost its joined first letter; with the Arabic font first, the run stays whole (its font has digits and spaces too).
 */
export function pdfFontsFor(text: string): string[] {
  return ARABIC.test(text) ? ['Noto Sans Arabic', ...PDF_FONT_FAMILIES.filter((family) => family !== 'Noto Sans Arabic')] : PDF_FONT_FAMILIES;
}

/**
 * A text as react-pdf should get it: one with Arabic letters between two right-to-left marks (U+200F), without which
 * react-pdf draws the first letter of the line without its joined form (seen with pdftoppm: 'نسبة' lost its noon);
 * the marks also make the paragraph run right to left, as an Arabic line does.
 */
export function pdfText(text: string): string {
  return ARABIC.test(text) ? `\u200f${text}\u200f` : text;
}

/** Whether a BCP 47 language is written right to left (the PDF then aligns and orders its rows from the right). */
export const isRightToLeft = (language: string): boolean => /^(ar|he|fa|ur)\b/i.test(language);
