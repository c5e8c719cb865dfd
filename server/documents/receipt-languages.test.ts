import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPng } from './read-barcode-pictures';
import { renderReceiptHtml } from './receipt-html';
import { RECEIPT_LANGUAGES, receiptLabels } from './receipt-labels';
import type { ReceiptDocument } from './receipt-model';
import { receiptPdf } from './receipt-pdf';
import { receiptBody } from './receipt-test-data';

// Issue 16, receipts in the product's languages: the words a receipt prints in all nine languages of src/locales, dates
// and amounts in the language's format, and PDFs that print Cyrillic, Greek and Arabic (right to left) with the shipped
// Noto Sans (no system font, nothing fetched).
const UID = '3f2b8c1e-7d4a-4b6e-9a0f-1c2d3e4f5a6b';

function receiptIn(language: string, overrides: Partial<ReceiptDocument['body']> = {}): ReceiptDocument {
  return { oid: 1, tenantOid: 11, kind: 'sale', body: receiptBody(UID, overrides), tenantName: 'Mate', language, timeZone: 'Europe/Berlin', locationName: 'Filiale', terminalName: 'Kasse 1', processed: true };
}

describe('receipt labels and formats', () => {
  it('has the words of every language the product speaks, each its own', () => {
    const folders = readdirSync(join(import.meta.dirname, '../../src/locales'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect([...RECEIPT_LANGUAGES].sort()).toEqual(folders.sort());
    const english = receiptLabels('en');
    for (const language of RECEIPT_LANGUAGES.filter((code) => code !== 'en')) {
      const labels = receiptLabels(language);
      // Not the English fallback: most words differ (some, like French 'Total', are the same word).
      const differing = (Object.keys(english) as (keyof typeof english)[]).filter((key) => key !== 'methods' && labels[key] !== english[key]);
      expect(differing.length, language).toBeGreaterThanOrEqual(8);
      expect(Object.keys(labels.methods).sort(), language).toEqual(Object.keys(english.methods).sort());
    }
    // A region subtag picks its language; an unknown language prints English.
    expect(receiptLabels('ru-RU').total).toBe('Итого');
    expect(receiptLabels('pt-BR')).toEqual(english);
  });

  it.each([
    ['ja-JP', '合計', '現金'],
    ['ru-RU', 'Итого', 'Наличные'],
    ['ar-EG', 'الإجمالي', 'نقدًا'],
    ['cs-CZ', 'Celkem', 'Hotově'],
    ['de-DE', 'Summe', 'Bar'],
  ])('prints a %s receipt in its words, its dates and its amounts', async (language, total, cash) => {
    const html = await renderReceiptHtml(receiptIn(language), 'customer');
    expect(html).toContain(total);
    expect(html).toContain(cash);
    expect(html).toContain(new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(19.99));
    expect(html).toContain(new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date('2026-03-14T09:26:53Z')));
    expect(html).toContain(`dir="${language.startsWith('ar') ? 'rtl' : 'ltr'}"`);
  });

  it('writes amounts and dates as each language does (Russian with a comma, Arabic with its digits, Japanese year first)', async () => {
    expect(await renderReceiptHtml(receiptIn('ru-RU'), 'customer')).toContain('19,99\u00a0€');
    expect(await renderReceiptHtml(receiptIn('ar-EG'), 'customer')).toMatch(/١٩٫٩٩/);
    expect(await renderReceiptHtml(receiptIn('ja-JP'), 'customer')).toContain('2026/03/14');
  });
});

describe('receipt PDFs in non-Latin scripts', () => {
  const lines = [
    { articleNumber: 'RU-1', text: 'Молоко свежее', quantity: 1, unitPrice: 1.5, amount: 1.5, taxRate: 7 },
    { articleNumber: 'GR-1', text: 'Ελληνικός καφές', quantity: 1, unitPrice: 2.5, amount: 2.5, taxRate: 7 },
    { articleNumber: 'AR-1', text: 'قهوة عربية', quantity: 1, unitPrice: 3, amount: 3, taxRate: 7 },
  ];
  const body = { lines, payments: [{ method: 'cash', amount: 7 }], total: 7 };
  const render = async (language: string) => {
    const document = receiptIn(language, body);
    const pdf = await receiptPdf(document, [{ type: 'customer', variant: 'standard', printed: false, html: '' }]);
    const folder = mkdtempSync(join(tmpdir(), 'mate-receipt-scripts-'));
    const file = join(folder, 'receipt.pdf');
    writeFileSync(file, pdf);
    return { folder, file };
  };

  it('embeds the shipped Noto Sans for Latin, Greek, Cyrillic and Arabic and prints the names back as text', async () => {
    const { file } = await render('ru-RU');
    const fonts = execFileSync('pdffonts', [file]).toString();
    for (const family of ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansArabic-Regular']) expect(fonts).toContain(family);
    // Not the standard Courier of before, whose Latin-1 glyphs printed these names as boxes. (react-pdf always adds
    // Helvetica as its last fallback; only characters no Noto subset has, such as the invisible U+200F mark, reach it.)
    expect(fonts).not.toMatch(/Courier/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString();
    expect(text).toContain('Молоко свежее');
    expect(text).toContain('Ελληνικός καφές');
    expect(text).toContain('Итого');
    // Arabic is shaped (joined letter forms), so its text comes back in presentation forms or as its letters.
    expect(text.normalize('NFKC')).toMatch(/[\u0600-\u06ff]/);
  });

  it('renders an Arabic receipt right to left, and pdftoppm draws ink where the non-Latin names stand', async () => {
    const { folder, file } = await render('ar-EG');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString().normalize('NFKC');
    expect(text).toMatch(/[\u0600-\u06ff]/);
    expect(text).toContain('Молоко');
    execFileSync('pdftoppm', ['-png', '-r', '150', file, join(folder, 'receipt')]);
    const png = readFileSync(join(folder, 'receipt-1.png'));
    const picture = readPng(png);
    // Right to left: the receipt number line ('إيصال 4711') is aligned right, so the ink of its band sits on the right half.
    let left = 0;
    let right = 0;
    for (let y = 0; y < picture.height; y++) {
      for (let x = 0; x < picture.width; x++) {
        if (picture.grey(x, y) >= 128) continue;
        if (x < picture.width / 2) left++;
        else right++;
      }
    }
    expect(right).toBeGreaterThan(left);
    if (process.env.MATE_KEEP_RECEIPT_PNG) writeFileSync(process.env.MATE_KEEP_RECEIPT_PNG, png);
  });
});

describe('receipt PDFs in Japanese and Chinese', () => {
  // Printed with the committed Noto Sans CJK subset (server/lib/fonts, scripts/subset-cjk-font.py): kana, JIS level 1
  // kanji, GB 2312 level 1 hanzi, full-width forms. Before it, these names printed as empty boxes.
  const names = ['緑茶ペットボトル', '焼きそばパン（大）', '绿茶饮料'];
  const render = async (texts: string[]) => {
    const lines = texts.map((text, i) => ({ articleNumber: `JP-${i}`, text, quantity: 1, unitPrice: 2, amount: 2, taxRate: 8 }));
    const document = receiptIn('ja-JP', { lines, payments: [{ method: 'cash', amount: 6 }], total: 6 });
    const pdf = await receiptPdf(document, [{ type: 'customer', variant: 'standard', printed: false, html: '' }]);
    const folder = mkdtempSync(join(tmpdir(), 'mate-receipt-cjk-'));
    const file = join(folder, 'receipt.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, join(folder, 'receipt')]);
    const png = readFileSync(join(folder, 'receipt-1.png'));
    const picture = readPng(png);
    let ink = 0;
    for (let y = 0; y < picture.height; y++) for (let x = 0; x < picture.width; x++) if (picture.grey(x, y) < 128) ink++;
    return { file, png, ink };
  };

  it('embeds the CJK subset, gives the names back as text and draws each character as its own glyph, not as a box', async () => {
    const japanese = await render(names);
    const fonts = execFileSync('pdffonts', [japanese.file]).toString();
    expect(fonts).toMatch(/NotoSansCJKjp-Regular/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', japanese.file, '-']).toString().normalize('NFKC');
    for (const name of names) expect(text).toContain(name.normalize('NFKC'));
    // The receipt's own Japanese words (合計, 現金) come from the same font.
    expect(text).toContain('合計');
    if (process.env.MATE_KEEP_CJK_PNG) writeFileSync(process.env.MATE_KEEP_CJK_PNG, japanese.png);
    // A missing glyph is the same box whatever the character: then a name of many-stroked 纏 and one of one-stroked 一
    // leave the same ink. Drawn from the font, the strokes differ by far.
    const dense = await render(['纏纏纏纏纏纏纏纏', '纏纏纏纏纏纏纏纏', '纏纏纏纏纏纏纏纏']);
    const sparse = await render(['一一一一一一一一', '一一一一一一一一', '一一一一一一一一']);
    expect(dense.ink - sparse.ink).toBeGreaterThan(1000);
  });
});
