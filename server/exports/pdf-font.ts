import { existsSync } from 'node:fs';
import { Font } from '@react-pdf/renderer';

/**
 * The font of PDF exports. PDF's built-in Helvetica covers Western European letters only, so a report titled in Russian,
 * Czech or Arabic needs a real font: DejaVu Sans (fonts-dejavu-core, which `.ci/run` installs) when the machine has it,
 * else Helvetica. DejaVu has no Japanese glyphs, and react-pdf does not join Arabic letters (docs/reports.md "Export").
 */
const DEJAVU = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'] as const;

let family: string | undefined;

/** Registers the font once and answers its family name. */
export function pdfFontFamily(): string {
  if (family) return family;
  if (DEJAVU.every((file) => existsSync(file))) {
    Font.register({ family: 'DejaVu Sans', fonts: [{ src: DEJAVU[0] }, { src: DEJAVU[1], fontWeight: 'bold' }] });
    family = 'DejaVu Sans';
  } else {
    family = 'Helvetica';
  }
  // Words are never hyphenated: the English hyphenation react-pdf has would split article numbers and other languages.
  Font.registerHyphenationCallback((word) => [word]);
  return family;
}
