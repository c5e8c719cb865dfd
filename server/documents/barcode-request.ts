import { ApiError } from '../lib/api-error';

/** The symbologies the barcode route draws, by the name the `type` query parameter uses. */
export const BARCODE_TYPES = ['ean13', 'code128', 'qr'] as const;
/** One symbology of the barcode route. */
export type BarcodeType = (typeof BARCODE_TYPES)[number];
/** The picture formats, by the extension of the path. */
export const BARCODE_FORMATS = ['png', 'svg'] as const;
/** One picture format. */
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

/** Code 128 on receipts and labels: ids, not prose; longer codes do not fit a roll-paper receipt. */
export const CODE128_MAX_LENGTH = 80;
/** QR carries UTF-8 bytes; 1,000 keeps the symbol small enough to scan from a receipt (the version-40 limit is 2,953). */
export const QR_MAX_BYTES = 1000;

/** What the route draws: the checked text (an EAN-13 always with its check digit), its symbology and format. */
export interface BarcodeRequest {
  type: BarcodeType;
  format: BarcodeFormat;
  text: string;
}

const refuse = (field: string, message: string, detail: string): never => {
  throw new ApiError(400, message, { errors: { [field]: [detail] } });
};

/** The EAN-13 check digit of the first twelve digits (GS1: weights 1 and 3 from the left, to the next ten). */
export function ean13CheckDigit(twelveDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

function checkEan13(text: string): string {
  if (!/^\d+$/.test(text)) refuse('text', `The EAN-13 text '${text.slice(0, 20)}' has characters other than the digits 0-9.`, 'must be digits only');
  if (text.length !== 12 && text.length !== 13) {
    refuse('text', `The EAN-13 text '${text.slice(0, 20)}' has ${text.length} digits; it takes 12 (the check digit is added) or 13.`, 'must be 12 or 13 digits');
  }
  const expected = ean13CheckDigit(text);
  if (text.length === 12) return `${text}${expected}`;
  if (Number(text[12]) !== expected) {
    refuse('text', `The EAN-13 check digit of '${text}' is ${text[12]}, but its first twelve digits need ${expected}.`, `has the wrong check digit (expected ${expected})`);
  }
  return text;
}

function checkCode128(text: string): string {
  // Printable ASCII: what every scanner reads back as typed (Code 128 sets A to C without function characters).
  const bad = /[^\x20-\x7e]/.exec(text);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    refuse('text', `The Code 128 text has the character U+${code} at position ${bad.index + 1}; Code 128 takes printable ASCII only (use type=qr for other text).`, 'must be printable ASCII');
  }
  if (text.length > CODE128_MAX_LENGTH) refuse('text', `The Code 128 text has ${text.length} characters; at most ${CODE128_MAX_LENGTH} fit.`, `must be at most ${CODE128_MAX_LENGTH} characters`);
  return text;
}

/** C0 and C1 control characters and DEL, except tab, line feed and carriage return. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);

function checkQr(text: string): string {
  // Control characters other than line breaks and tabs are no text a person meant (the input guard already refuses NUL).
  const bad = [...text].findIndex((char) => isControl(char.codePointAt(0)!));
  if (bad >= 0) {
    const code = [...text][bad]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    refuse('text', `The QR text has the control character U+${code} at position ${bad + 1}.`, 'must not contain control characters');
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > QR_MAX_BYTES) refuse('text', `The QR text has ${bytes} bytes in UTF-8; at most ${QR_MAX_BYTES} are drawn.`, `must be at most ${QR_MAX_BYTES} bytes in UTF-8`);
  return text;
}

/**
 * The text and format of `{text}.{ext}` (the last dot separates them, so a text may hold dots) checked for the
 * symbology: a wrong EAN-13 length or check digit, characters Code 128 cannot carry, text too long, a format that is
 * neither png nor svg all throw an ApiError 400 that names the part (`text`, `ext`) and says what is wrong.
 */
export function parseBarcodeRequest(name: string, type: BarcodeType): BarcodeRequest {
  const dot = name.lastIndexOf('.');
  if (dot < 0) refuse('ext', `The barcode path '${name.slice(0, 20)}' has no extension; it ends in .png or .svg.`, 'must be png or svg');
  const text = name.slice(0, dot);
  const ext = name.slice(dot + 1).toLowerCase();
  if (!(BARCODE_FORMATS as readonly string[]).includes(ext)) refuse('ext', `The barcode format '${ext.slice(0, 20)}' is not supported; use .png or .svg.`, 'must be png or svg');
  if (text.length === 0) refuse('text', 'The barcode text is empty.', 'must not be empty');
  const checked = type === 'ean13' ? checkEan13(text) : type === 'code128' ? checkCode128(text) : checkQr(text);
  return { type, format: ext as BarcodeFormat, text: checked };
}
