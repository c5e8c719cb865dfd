import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

const require = createRequire(import.meta.url);

/**
 * The script subsets of the shipped Noto Sans (@fontsource/noto-sans, @fontsource/noto-sans-arabic; .woff, which
 * react-pdf reads), one family each, in fallback order: react-pdf takes each character from the first family that has
 * it. Nothing is fetched at run time and no system font is needed (Debian's DejaVu was, before).
 */
const SUBSETS = [
  { family: 'Noto Sans', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff` },
  { family: 'Noto Sans Latin Ext', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-latin-ext-${weight}-normal.woff` },
  { family: 'Noto Sans Greek', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-greek-${weight}-normal.woff` },
  { family: 'Noto Sans Cyrillic', file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-cyrillic-${weight}-normal.woff` },
  { family: 'Noto Sans Arabic', file: (weight: number) => `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff` },
] as const;

/** The font families of a PDF text, first choice first: Latin, Greek, Cyrillic and Arabic letters in regular and bold. */
export const PDF_FONT_FAMILIES: string[] = SUBSETS.map((subset) => subset.family);

let registered = false;

/** Registers the fonts once (react-pdf's font store is global) and answers the fallback list for `fontFamily`. */
export function registerPdfFonts(): string[] {
  if (!registered) {
    for (const subset of SUBSETS) {
      Font.register({ family: subset.family, fonts: [{ src: require.resolve(subset.file(400)) }, { src: require.resolve(subset.file(700)), fontWeight: 'bold' }] });
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
