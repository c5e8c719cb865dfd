import { registerPdfFonts } from '../lib/pdf-fonts';

/**
 * The font of PDF exports: the shipped Noto Sans with its Greek, Cyrillic, Arabic and CJK subsets as fallbacks
 * (server/lib/pdf-fonts.ts), so that a report titled in Russian, Czech or Arabic prints without any system font.
 * Japanese and Chinese come from the committed Noto Sans CJK subset (docs/reports.md "Export").
 */
export function pdfFontFamily(): string[] {
  return registerPdfFonts();
}
