// The ESC/POS commands a receipt uses (Epson's TM series and the many printers that follow it), as bytes, and the code
// pages its text is printed in. receipt-escpos.ts puts them together; docs/receipt-templates.md "ESC/POS" says why.

const ESC = 0x1b;
const GS = 0x1d;

/** ESC @: the printer as it was switched on (Font A, no emphasis, left aligned, code page 0). */
export const init = (): Buffer => Buffer.from([ESC, 0x40]);
/** LF: prints the line and feeds one. */
export const lineFeed = (): Buffer => Buffer.from([0x0a]);
/** ESC a n: 0 left, 1 centre, 2 right. */
export const align = (where: 'left' | 'center' | 'right'): Buffer => Buffer.from([ESC, 0x61, where === 'left' ? 0 : where === 'center' ? 1 : 2]);
/** ESC E n: emphasised (bold) on or off. */
export const bold = (on: boolean): Buffer => Buffer.from([ESC, 0x45, on ? 1 : 0]);
/** ESC M n: Font A (12 x 24 dots, 48 columns on 80 mm) or Font B (9 x 17, 64 columns). */
export const font = (which: 'A' | 'B'): Buffer => Buffer.from([ESC, 0x4d, which === 'A' ? 0 : 1]);
/** GS ! n: character size, width and height multiplied by 1..8 each. */
export const characterSize = (width: number, height: number): Buffer => Buffer.from([GS, 0x21, ((width - 1) << 4) | (height - 1)]);
/** ESC t n: the code page of the bytes 0x80-0xff. */
export const codePage = (n: number): Buffer => Buffer.from([ESC, 0x74, n]);
/** ESC d n: prints and feeds n lines. */
export const feedLines = (n: number): Buffer => Buffer.from([ESC, 0x64, n]);
/** GS V 66 n: feeds to the cutter (plus n dots) and cuts partially, leaving a hinge as receipt printers do. */
export const cut = (): Buffer => Buffer.from([GS, 0x56, 66, 0]);

/**
 * A Code 128 barcode (GS k 73), code set B, with its height in dots (GS h), its module width in dots (GS w) and no
 * human-readable text (GS H 0). The data is printable ASCII; the caller sees to it.
 */
export function code128(data: string, heightDots: number, moduleDots: number): Buffer {
  // '{' starts a code set change in GS k's data, so a data '{' is sent twice.
  const bytes = Buffer.from(`{B${data.replace(/\{/g, '{{')}`, 'latin1');
  return Buffer.concat([Buffer.from([GS, 0x68, Math.max(1, Math.min(255, heightDots)), GS, 0x77, moduleDots, GS, 0x48, 0]), Buffer.from([GS, 0x6b, 73, bytes.length]), bytes]);
}

/** The modules of a Code 128 code set B symbol of `length` characters: start, data, check (11 each) and stop (13). */
export const code128Modules = (length: number): number => (length + 2) * 11 + 13;

/** GS ( k: function 'fn' of symbol type 49 (QR) with its parameters. */
const qrFunction = (fn: number, parameters: Buffer) => {
  const length = parameters.length + 2;
  return Buffer.concat([Buffer.from([GS, 0x28, 0x6b, length & 0xff, length >> 8, 49, fn]), parameters]);
};

/** A QR code printed by the printer (GS ( k): model 2, error correction M, the module size in dots, the data, print. */
export function qrCode(data: string, moduleDots: number): Buffer {
  return Buffer.concat([
    qrFunction(65, Buffer.from([50, 0])),
    qrFunction(67, Buffer.from([Math.max(1, Math.min(16, moduleDots))])),
    qrFunction(69, Buffer.from([49])),
    qrFunction(80, Buffer.concat([Buffer.from([48]), Buffer.from(data, 'utf8')])),
    qrFunction(81, Buffer.from([48])),
  ]);
}

/** Bytes of a QR code version 1..10 holds at error correction M (ISO/IEC 18004 table 7): the version a text needs. */
const QR_BYTES_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];

/** The modules across the QR code the printer draws for `data` (version 1 is 21, each version 4 more). */
export function qrModules(data: string): number {
  const bytes = Buffer.byteLength(data, 'utf8');
  const version = QR_BYTES_M.findIndex((capacity) => bytes <= capacity) + 1 || 11;
  return 17 + 4 * version;
}

/**
 * GS v 0: a raster image, `width` dots across (a multiple of 8 is not needed: rows are padded), one bit per dot,
 * most significant first, 1 is black. Images taller than 255 dots are sent in bands, which many printers need.
 */
export function raster(width: number, height: number, isBlack: (x: number, y: number) => boolean): Buffer {
  const bytesPerRow = Math.ceil(width / 8);
  const bands: Buffer[] = [];
  for (let top = 0; top < height; top += 255) {
    const rows = Math.min(255, height - top);
    const data = Buffer.alloc(bytesPerRow * rows);
    for (let y = 0; y < rows; y++) for (let x = 0; x < width; x++) if (isBlack(x, top + y)) data[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
    bands.push(Buffer.from([GS, 0x76, 0x30, 0, bytesPerRow & 0xff, bytesPerRow >> 8, rows & 0xff, rows >> 8]), data);
  }
  return Buffer.concat(bands);
}

/**
 * The code pages a line of text may be printed in, first choice first, with their ESC t number on Epson's table:
 * Western European (WPC1252: English, German, French, Spanish, Italian, with €), Central European (WPC1250: Czech),
 * Cyrillic (WPC1251: Russian) and Greek (WPC1253).
 */
export const CODE_PAGES = [
  { name: 'windows-1252', escT: 16 },
  { name: 'windows-1250', escT: 45 },
  { name: 'windows-1251', escT: 46 },
  { name: 'windows-1253', escT: 47 },
] as const;

/**
 * Windows-1252's 0x80-0x9f: Node's TextDecoder reads 'windows-1252' as Latin-1 there (C1 controls), so these 27 are
 * written out; 0xa0-0xff are Latin-1's.
 */
const WINDOWS_1252_HIGH = '€\u0000‚ƒ„…†‡ˆ‰Š‹Œ\u0000Ž\u0000\u0000‘’“”•–—˜™š›œ\u0000žŸ';

/** Each code page's upper half as a character-to-byte map, read from the platform's decoder (ICU), C1 controls left out. */
const tables = CODE_PAGES.map(({ name }) => {
  const decoder = new TextDecoder(name);
  const table = new Map<string, number>();
  for (let byte = 0x80; byte <= 0xff; byte++) {
    const char = name === 'windows-1252' && byte < 0xa0 ? WINDOWS_1252_HIGH[byte - 0x80]! : decoder.decode(Uint8Array.of(byte));
    const code = char.codePointAt(0) ?? 0;
    if (char.length === 1 && char !== '\ufffd' && code >= 0xa0 && !table.has(char)) table.set(char, byte);
  }
  return table;
});

/**
 * Characters Intl puts into numbers and dates that a printer's code page lacks, and what prints instead: the narrow
 * and thin spaces of French and other groupings, the minus sign; the direction marks print nothing.
 */
const STAND_INS: Record<string, string> = { '\u202f': ' ', '\u2009': ' ', '\u2007': ' ', '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u200e': '', '\u200f': '', '\u061c': '' };

/** A text with the stand-ins of STAND_INS: what the printer is asked to print. */
export const printable = (text: string): string => text.replace(/[\u202f\u2009\u2007\u2212\u2010\u2011\u200e\u200f\u061c]/g, (char) => STAND_INS[char]!);

/**
 * A line in the first code page that has all its characters: the ESC t number and the bytes; undefined when none has
 * them all (Arabic, Japanese, Chinese: the caller rasters the line). Control characters are dropped.
 */
export function encodeLine(text: string): { escT: number; bytes: Buffer } | undefined {
  const line = [...printable(text)].filter((char) => char >= ' ' && char !== '\u007f').join('');
  for (const [index, table] of tables.entries()) {
    const bytes: number[] = [];
    let fits = true;
    for (const char of line) {
      const code = char.codePointAt(0)!;
      if (code < 0x80) bytes.push(code);
      else if (table.has(char)) bytes.push(table.get(char)!);
      else {
        fits = false;
        break;
      }
    }
    if (fits) return { escT: CODE_PAGES[index]!.escT, bytes: Buffer.from(bytes) };
  }
  return undefined;
}
