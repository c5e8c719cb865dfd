import { registerPdfFonts } from '../lib/pdf-fonts';

/**
 * The font of PDF exports: the shipped Noto Sans with its Greek, Cyrillic and Arabic subsets as fallbacks
 * (server/lib/pdf-fonts.ts), so that a report titled in Russian, Czech or Arabic prints without any system font.
 * Noto Sans carries no Japanese (docs/reports.md "Export").
 */
export function pdfFontFamily(): string[] {
  return registerPdfFonts();
}
