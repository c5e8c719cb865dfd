import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import omggif from 'omggif';
import { describe, expect, it, vi } from 'vitest';
import { parseTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import { decodeEscpos, printedTexts, type EscposItem } from '../test-support/escpos-decoder';
import { receiptEscpos } from './receipt-escpos';
import type { ReceiptDocument } from './receipt-model';
import { receiptBody } from './receipt-test-data';

// Issue 18: the receipt template's third view, ESC/POS printer commands (docs/receipt-templates.md "ESC/POS"). The
// bytes are read back by the test's own reader of Epson's commands (server/test-support/escpos-decoder.ts).
const UID = '3f2b8c1e-7d4a-4b6e-9a0f-1c2d3e4f5a6b';

function receiptIn(language: string, overrides: Partial<ReceiptDocument['body']> = {}): ReceiptDocument {
  return { oid: 1, tenantOid: 11, kind: 'sale', body: receiptBody(UID, overrides), tenantName: 'Müller & Söhne', language, timeZone: 'Europe/Berlin', locationName: 'Filiale', terminalName: 'Kasse 1', processed: true };
}

/** An 8-bit greyscale PNG of `width` x `height` pixels, `grey(x, y)` 0 black .. 255 white. */
function greyPng(width: number, height: number, grey: (x: number, y: number) => number): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = grey(x, y);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A JPEG of 80 x 40 pixels (jpeg-js), quality 90: black in the left 30 %, white in the rest. */
function jpegLogo(): string {
  const [width, height] = [80, 40];
  const data = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) for (let x = 0; x < width * 0.3; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return `data:image/jpeg;base64,${jpeg.encode({ width, height, data }, 90).data.toString('base64')}`;
}

/** A GIF of 40 x 20 pixels (omggif): a black square in the left 40 % of the upper half, the rest transparent (red under it). */
function gifLogo(): string {
  const [width, height] = [40, 20];
  const out = Buffer.alloc(4096);
  const writer = new omggif.GifWriter(out, width, height, { palette: [0x000000, 0xff0000] });
  const pixels = Array.from({ length: width * height }, (_, at) => (at % width < width * 0.4 && at < (width * height) / 2 ? 0 : 1));
  writer.addFrame(0, 0, width, height, pixels, { transparent: 1 });
  return `data:image/gif;base64,${out.subarray(0, writer.end()).toString('base64')}`;
}

type Raster = Extract<EscposItem, { kind: 'raster' }>;
/** The share of black dots of a raster in the box [x0, x1) x [y0, y1). */
function inkShare(raster: Raster, x0: number, x1: number, y0 = 0, y1 = raster.height): number {
  let black = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (raster.black(x, y)) black++;
  return black / ((x1 - x0) * (y1 - y0));
}

/** A PNG of 4 x 2 pixels, 8-bit greyscale: the left half black, the right half white. */
function halfBlackPng(): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // The reader does not check CRCs; zeros stand in.
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  const rows = Buffer.from([0, 0, 0, 255, 255, 0, 0, 0, 255, 255]);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function template(body: string): ReceiptTemplate {
  const parsed = parseTemplate(`<template xmlns="urn:mate:receipt-template:1" documentType="receipt">${body}</template>`);
  expect(parsed.problems).toEqual([]);
  return parsed.template!;
}

const DESIGNED = `
  <logo src="${halfBlackPng()}" width="50"/>
  <text align="center" bold="true" size="large">{tenantName}</text>
  <text align="end" size="small">{label.terminal}: {terminal}</text>
  <field value="number" label="Beleg-Nr."/>
  <if test="merchant-copy"><text bold="true">NUR HÄNDLER</text></if>
  <if test="customer-copy"><text>Danke für Ihren Einkauf</text></if>
  <separator style="dashed"/>
  <lines articleNumbers="true"/>
  <separator style="solid"/>
  <taxes/>
  <totals/>
  <payments/>
  <separator style="dotted"/>
  <separator style="blank"/>
  <signature/>
  <barcode value="uid" height="12"/>
  <qr value="number" size="50"/>`;

/** The items of one copy each: split after each cut. */
function copies(items: readonly EscposItem[]): EscposItem[][] {
  const out: EscposItem[][] = [[]];
  for (const item of items) {
    out.at(-1)!.push(item);
    if (item.kind === 'cut') out.push([]);
  }
  return out.filter((copy) => copy.length > 0);
}

/** What a test compares: each item's kind and its words, codes or size. */
const summary = (item: EscposItem): string => {
  switch (item.kind) {
    case 'text':
      return `text ${item.align}${item.bold ? ' bold' : ''}${item.width > 1 ? ` x${item.width}` : ''}${item.font === 'B' ? ' fontB' : ''}: ${item.text}`;
    case 'raster':
      return `raster ${item.width}x${item.height}`;
    case 'barcode':
      return `barcode ${item.system} ${item.data}`;
    case 'qr':
      return `qr ${item.data}`;
    case 'feed':
      return `feed ${item.lines}`;
    default:
      return item.kind;
  }
};

describe('the receipt as ESC/POS', () => {
  it("prints a designed template's elements as the right commands and words, in order, each copy cut", async () => {
    const items = decodeEscpos(await receiptEscpos(receiptIn('de-DE'), [{ type: 'customer' }, { type: 'merchant' }], template(DESIGNED)));
    expect(items[0]).toEqual({ kind: 'init' });
    const [customer, merchant] = copies(items.slice(1));
    expect(copies(items.slice(1))).toHaveLength(2);
    const right = (left: string, amount: string) => left + amount.padStart(48 - left.length);
    expect(customer!.map(summary)).toEqual([
      'raster 576x144',
      'text center bold x2: Müller & Söhne',
      'text right fontB: Kasse: Kasse 1',
      'text left: Beleg-Nr.: 4711',
      'text left: Danke für Ihren Einkauf',
      `text left: ${'-'.repeat(48)}`,
      'text left: A-1 Kaffee & Kuchen "Spezial"',
      `text left: ${right('  2 x 3,50\u00a0€', '7,00\u00a0€')}`,
      'text left: B-2 Tasse',
      `text left: ${right('  1 x 12,99\u00a0€', '12,99\u00a0€')}`,
      'raster 576x6',
      'text left: MwSt.-Satz         Netto       MwSt.      Brutto',
      // German writes a no-break space before % and €.
      'text left: 7 %               6,54 €      0,46 €      7,00 €'.replace(/ ([%€])/g, '\u00a0$1'),
      'text left: 19 %             10,92 €      2,07 €     12,99 €'.replace(/ ([%€])/g, '\u00a0$1'),
      `text left bold: ${right('Summe', '19,99\u00a0€')}`,
      'text left: Zahlungen',
      `text left: ${right('Karte', '15,00\u00a0€')}`,
      `text left: ${right('Bar', '4,99\u00a0€')}`,
      `text left: ${'.'.repeat(48)}`,
      'text left: ',
      'feed 3',
      `text left: ${'_'.repeat(48)}`,
      'text left: Unterschrift',
      `barcode CODE128-B ${UID}`,
      'text center: ',
      'qr 4711',
      'text center: ',
      'feed 4',
      'cut',
    ]);
    // The conditional blocks: the merchant's line in its copy only, the customer's thanks in the customer's only.
    expect(printedTexts(merchant!)).toContain('NUR HÄNDLER');
    expect(printedTexts(merchant!)).not.toContain('Danke für Ihren Einkauf');
    expect(printedTexts(customer!)).not.toContain('NUR HÄNDLER');
    expect(merchant!.find((item) => item.kind === 'text' && item.text === 'NUR HÄNDLER')).toMatchObject({ bold: true });
    // German in Windows-1252 (ESC t 16), so that ü, ß and € print as such.
    expect(customer!.filter((item) => item.kind === 'text').every((item) => item.kind === 'text' && item.codePage === 'windows-1252')).toBe(true);
    // The barcode 12 mm high at 8 dots a mm, the Uid's 36 characters one dot a module (431 dots of 576), no text under it.
    expect(customer!.find((item) => item.kind === 'barcode')).toMatchObject({ heightDots: 96, moduleDots: 1, hri: 0, align: 'center' });
    // The QR code: model 2, correction M, half the paper (288 dots) over the 21 modules of version 1.
    expect(customer!.find((item) => item.kind === 'qr')).toMatchObject({ model: 2, errorCorrection: 'M', moduleDots: 13, align: 'center' });
    // The logo half the paper wide (288 dots, so 144 high) and centred (dots 144-431): black in its left half, white in
    // its right, white outside.
    const logo = customer![0] as Extract<EscposItem, { kind: 'raster' }>;
    expect([logo.black(150, 0), logo.black(280, 143), logo.black(300, 0), logo.black(430, 143), logo.black(140, 0), logo.black(440, 0)]).toEqual([true, true, false, false, false, false]);
    expect(logo.ink).toBe(144 * 144);
    // The solid rule: a bar two dots high across the paper.
    const rule = customer!.find((item) => item.kind === 'raster' && item.height === 6) as Extract<EscposItem, { kind: 'raster' }>;
    expect(rule.ink).toBe(576 * 2);
  });

  it('keeps every line within the paper: 48 columns of Font A, 24 at double size, 64 of Font B', async () => {
    const long = 'Ein sehr langer Artikeltext mit vielen Wörtern, der auf dem Bon umbrochen werden muss, weil er nicht passt';
    const document = receiptIn('de-DE', { lines: [{ text: long, quantity: 12345.5, unitPrice: 987654.32, amount: 12192592087.94, taxRate: 19 }], payments: [{ method: 'card', amount: 12192592087.94 }], total: 12192592087.94 });
    const items = decodeEscpos(await receiptEscpos(document, [{ type: 'customer' }], template(`
      <text size="large">{label.receipt} {number} {tenantName} {tenantName} {tenantName}</text>
      <text size="small">${'Kleingedrucktes '.repeat(20)}</text>
      <text>${'x'.repeat(120)}</text>
      <lines/><taxes/><totals/><payments/>`)));
    const texts = items.filter((item) => item.kind === 'text');
    for (const item of texts) expect([...item.text].length * item.width, item.text).toBeLessThanOrEqual(item.font === 'B' ? 64 : 48);
    // Wrapped, not cut off: the words all come out, in order.
    const wrapped = (texts as { text: string; font: string }[]).filter((item) => item.font === 'B').map((item) => item.text).join(' ');
    expect(wrapped).toBe('Kleingedrucktes '.repeat(20).trim());
    expect(printedTexts(items).join(' ')).toContain(long);
    expect(printedTexts(items).filter((text) => /^x+$/.test(text)).map((text) => text.length)).toEqual([48, 48, 24]);
    // A tax row too wide for four columns prints its rate, then its amounts at the end of the next line.
    expect(printedTexts(items).some((text) => text.endsWith('12.192.592.087,94\u00a0€') && text.length === 48)).toBe(true);
  });

  it.each([
    ['cs-CZ', 'windows-1250', 'Hotově'],
    ['ru-RU', 'windows-1251', 'Итого'],
    ['fr-FR', 'windows-1252', 'Espèces'],
  ])('prints %s in the printer’s own font with the code page of its letters', async (language, codePage, word) => {
    const items = decodeEscpos(await receiptEscpos(receiptIn(language), [{ type: 'customer' }]));
    const line = items.find((item) => item.kind === 'text' && item.text.startsWith(word));
    expect(line).toBeDefined();
    expect(line).toMatchObject({ codePage });
    // French groups digits with a narrow space, which no code page has: a space prints instead.
    if (language === 'fr-FR') expect(printedTexts(decodeEscpos(await receiptEscpos(receiptIn(language, { total: 1234.5 }), [{ type: 'customer' }]))).join('\n')).toMatch(/1 234,50\u00a0€/);
    expect(items.some((item) => item.kind === 'raster')).toBe(false);
  });

  it('rasters the lines no code page holds (Arabic right to left, Japanese) instead of printing question marks', async () => {
    for (const language of ['ar-EG', 'ja-JP']) {
      const items = decodeEscpos(await receiptEscpos(receiptIn(language), [{ type: 'customer' }]));
      const texts = printedTexts(items);
      // No Arabic or Japanese character and no stand-in went to the printer as text.
      expect(texts.join('\n'), language).not.toMatch(/[\u0600-\u06ff\u3040-\u30ff\u4e00-\u9fff?]/);
      const pictures = items.filter((item) => item.kind === 'raster') as Extract<EscposItem, { kind: 'raster' }>[];
      expect(pictures.length, language).toBeGreaterThan(8);
      for (const picture of pictures) {
        expect(picture.width).toBe(576);
        expect(picture.ink, language).toBeGreaterThan(20);
      }
      // The Latin Uid stays text.
      expect(texts).toContain(UID);
    }
    // Arabic runs right to left: a line at the start is inked at the right edge of the paper, and so is the Uid's text.
    const arabic = decodeEscpos(await receiptEscpos(receiptIn('ar-EG'), [{ type: 'customer' }], template('<text>{label.total}</text><field value="uid"/>')));
    const total = arabic[1] as Extract<EscposItem, { kind: 'raster' }>;
    const columns = Array.from({ length: 576 }, (_, x) => Array.from({ length: total.height }, (_, y) => total.black(x, y)).some(Boolean));
    expect(columns.lastIndexOf(true)).toBeGreaterThan(560);
    expect(columns.indexOf(true)).toBeGreaterThan(300);
    expect(arabic.find((item) => item.kind === 'text')).toMatchObject({ text: UID, align: 'right' });
    // Moroccan Arabic writes amounts with Latin digits: those rows are text, mirrored (the rate and the label at the right).
    const moroccan = printedTexts(decodeEscpos(await receiptEscpos(receiptIn('ar-MA'), [{ type: 'customer' }], template('<lines/><taxes/>'))));
    expect(moroccan).toContain(`7,00\u00a0€${'2 x 3,50\u00a0€  '.padStart(42)}`);
    expect(moroccan.find((text) => text.endsWith('19%'))).toMatch(/^12,99\u00a0€ +2,07\u00a0€ +10,92\u00a0€ +19%$/);
    expect(moroccan.find((text) => text.endsWith('19%'))).toHaveLength(48);
  });

  it('lays a 58 mm receipt out in 32 columns (42 of Font B, 16 large) and pictures of at most 384 dots', async () => {
    const long = 'Ein sehr langer Artikeltext mit vielen Wörtern, der auf dem Bon umbrochen werden muss';
    const huge = receiptIn('de-DE', { lines: [{ text: long, quantity: 12345.5, unitPrice: 987654.32, amount: 12192592087.94, taxRate: 19 }], payments: [{ method: 'card', amount: 12192592087.94 }], total: 12192592087.94 });
    const body = `${DESIGNED}<text size="small">${'Kleingedrucktes '.repeat(10)}</text><text>${'x'.repeat(70)}</text>`;
    const items = decodeEscpos(await receiptEscpos(receiptIn('de-DE'), [{ type: 'customer' }, { type: 'merchant' }], template(body), { paper: 58 }));
    const hugeItems = decodeEscpos(await receiptEscpos(huge, [{ type: 'customer' }], template(body), { paper: 58 }));
    const texts = [...items, ...hugeItems].filter((item) => item.kind === 'text');
    expect(texts.length).toBeGreaterThan(60);
    for (const item of texts) expect([...item.text].length * item.width, item.text).toBeLessThanOrEqual(item.font === 'B' ? 42 : 32);
    expect(printedTexts(hugeItems).join(' ')).toContain(long);
    expect(printedTexts(hugeItems)).toContain(`${'12.192.592.087,94\u00a0€'.padStart(32)}`);
    expect(printedTexts(items).filter((text) => /^x+$/.test(text)).map((text) => text.length)).toEqual([32, 32, 6, 32, 32, 6]);
    expect(printedTexts(items)).toContain('-'.repeat(32));
    expect(printedTexts(items)).toContain('_'.repeat(32));
    // The article line: its amount at the end of the 32 columns.
    expect(printedTexts(items)).toContain(`  1 x 12,99\u00a0€${'12,99\u00a0€'.padStart(32 - 13)}`);
    // The tax table stacked, its columns lined up: the rate on a line of its own, net, tax and gross in columns of 10.
    const taxes = printedTexts(items);
    const header = taxes.indexOf('MwSt.-Satz');
    expect(taxes.slice(header, header + 6)).toEqual(['MwSt.-Satz', '       Netto     MwSt.    Brutto', '7\u00a0%', '      6,54\u00a0€    0,46\u00a0€    7,00\u00a0€', '19\u00a0%', '     10,92\u00a0€    2,07\u00a0€   12,99\u00a0€']);
    for (const item of items.filter((item) => item.kind === 'raster')) expect(item.width).toBeLessThanOrEqual(384);
    // The logo half of 384 dots (192, so 96 high), the solid rule across the paper.
    expect(items.filter((item) => item.kind === 'raster').map((item) => `${item.width}x${item.height}`)).toEqual(['384x96', '384x6', '384x96', '384x6']);
    // A Uid's Code 128 (431 modules) is wider than 384 dots: it prints as a QR code of 40 % of the paper (29 modules of 5 dots).
    expect(items.filter((item) => item.kind === 'barcode')).toEqual([]);
    const codes = items.filter((item) => item.kind === 'qr');
    expect(codes.map((item) => item.data)).toEqual([UID, '4711', UID, '4711']);
    expect(codes.map((item) => item.moduleDots)).toEqual([5, 9, 5, 9]);
    // A short value keeps its Code 128: Beleg-Nr. 4711 is 6 x 11 + 13 = 79 modules, 3 dots each.
    const number = decodeEscpos(await receiptEscpos(receiptIn('de-DE'), [{ type: 'customer' }], template('<barcode value="number"/>'), { paper: 58 }));
    expect(number.find((item) => item.kind === 'barcode')).toMatchObject({ data: '4711', moduleDots: 3 });
  });

  it('rasters Arabic and Japanese on 58 mm paper within its 384 dots', async () => {
    for (const language of ['ar-EG', 'ja-JP']) {
      const items = decodeEscpos(await receiptEscpos(receiptIn(language), [{ type: 'customer' }], undefined, { paper: 58 }));
      const pictures = items.filter((item) => item.kind === 'raster');
      expect(pictures.length, language).toBeGreaterThan(8);
      for (const picture of pictures) {
        expect(picture.width, language).toBe(384);
        expect(picture.ink, language).toBeGreaterThan(20);
      }
      for (const item of items.filter((item) => item.kind === 'text')) expect([...item.text].length * item.width, item.text).toBeLessThanOrEqual(32);
    }
  });

  it('prints a JPEG and a GIF logo at the same scale as a PNG, as dark as the picture (GIF transparency white)', async () => {
    const logoOf = async (src: string, paper: 58 | 80 = 80) => decodeEscpos(await receiptEscpos(receiptIn('en-GB'), [{ type: 'customer' }], template(`<logo src="${src}" width="50"/><text>after</text>`), { paper }))[1] as Raster;
    // 80 x 40 at half of 576 dots: 288 x 144, centred at dots 144-431; its left 30 % black.
    const fromJpeg = await logoOf(jpegLogo());
    expect([fromJpeg.kind, fromJpeg.width, fromJpeg.height]).toEqual(['raster', 576, 144]);
    expect(inkShare(fromJpeg, 144, 432)).toBeCloseTo(0.3, 1);
    expect(inkShare(fromJpeg, 144, 144 + 80)).toBeGreaterThan(0.97);
    expect(inkShare(fromJpeg, 144 + 95, 432)).toBeLessThan(0.03);
    expect(inkShare(fromJpeg, 0, 144) + inkShare(fromJpeg, 432, 576)).toBe(0);
    // 40 x 20 on 58 mm: 192 x 96, centred at 96-287; black in the left 40 % of the upper half: a fifth of the logo.
    const fromGif = await logoOf(gifLogo(), 58);
    expect([fromGif.width, fromGif.height]).toEqual([384, 96]);
    expect(inkShare(fromGif, 96, 288)).toBeCloseTo(0.2, 2);
    expect(inkShare(fromGif, 96, 96 + 76, 0, 48)).toBe(1);
    // The transparent part (red underneath) is white paper.
    expect(inkShare(fromGif, 96 + 77, 288, 0, 48) + inkShare(fromGif, 96, 288, 48, 96)).toBe(0);
  });

  it('dithers a photographic logo (a grey gradient) and keeps line art and rastered text thresholded', async () => {
    // A gradient from black at the left to white at the right, 256 x 32 pixels, drawn 288 dots wide.
    const gradient = decodeEscpos(await receiptEscpos(receiptIn('en-GB'), [{ type: 'customer' }], template(`<logo src="${greyPng(256, 32, (x) => x)}" width="50"/>`)))[1] as Raster;
    expect([gradient.width, gradient.height]).toEqual([576, 36]);
    // Thresholded, it would be a black half and a white half; dithered, each eighth is as dark as its grey.
    const eighths = Array.from({ length: 8 }, (_, index) => inkShare(gradient, 144 + index * 36, 144 + (index + 1) * 36));
    eighths.forEach((share, index) => expect(share, `eighth ${index}`).toBeCloseTo(1 - (index + 0.5) / 8, 1));
    // In the mid-grey middle, every row has black and white dots mixed.
    for (let y = 0; y < gradient.height; y++) {
      const row = Array.from({ length: 72 }, (_, x) => gradient.black(252 + x, y));
      expect(row.includes(true) && row.includes(false), `row ${y}`).toBe(true);
    }
    expect(inkShare(gradient, 144, 432)).toBeCloseTo(0.5, 1);
    // Line art with a grey border of anti-aliasing stays crisp: black where dark, white where light, no stray dots.
    const lineArt = decodeEscpos(await receiptEscpos(receiptIn('en-GB'), [{ type: 'customer' }], template(`<logo src="${greyPng(64, 64, (x) => (x < 30 ? 0 : x < 33 ? 100 : 255))}" width="50"/>`)))[1] as Raster;
    expect(inkShare(lineArt, 144, 144 + 134)).toBe(1);
    expect(inkShare(lineArt, 144 + 150, 432)).toBe(0);
    // Rastered text is thresholded: no dot of an Arabic line stands alone (dithering would scatter single dots).
    const arabic = decodeEscpos(await receiptEscpos(receiptIn('ar-EG'), [{ type: 'customer' }], template('<text>{label.total}</text>')))[1] as Raster;
    let alone = 0;
    for (let y = 1; y < arabic.height - 1; y++)
      for (let x = 1; x < arabic.width - 1; x++) if (arabic.black(x, y) && ![arabic.black(x - 1, y), arabic.black(x + 1, y), arabic.black(x, y - 1), arabic.black(x, y + 1)].some(Boolean)) alone++;
    expect(alone).toBe(0);
  });

  it.each([
    ['a PNG cut short', `data:image/png;base64,${Buffer.from(halfBlackPng().split(',')[1]!, 'base64').subarray(0, 40).toString('base64')}`],
    ['a corrupt JPEG', 'data:image/jpeg;base64,/9j/4AAQ'],
    ['a corrupt GIF', `data:image/gif;base64,${Buffer.from('GIF89a\x10\x00\x10\x00garbage', 'latin1').toString('base64')}`],
    ['no image at all', `data:image/png;base64,${Buffer.from('hello, printer').toString('base64')}`],
  ])('prints the rest of the receipt without a logo that is %s, and says so', async (_, src) => {
    const warn = vi.fn();
    const items = decodeEscpos(await receiptEscpos(receiptIn('en-GB'), [{ type: 'customer' }, { type: 'merchant' }], template(`<logo src="${src}"/><text>after</text>`), { warn }));
    expect(items.map(summary)).toEqual(['init', 'text left: after', 'feed 4', 'cut', 'text left: after', 'feed 4', 'cut']);
    // Said once for the receipt, not once a copy.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/logo/);
    expect(warn.mock.calls[0]![1]).toMatchObject({ reason: expect.any(String) });
  });
});
