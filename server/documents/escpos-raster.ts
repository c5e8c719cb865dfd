import { inflateSync } from 'node:zlib';
import { openSync, type Font, type GlyphRun } from 'fontkit';
import { shippedFontFiles } from '../lib/pdf-fonts';

// The pictures of an ESC/POS receipt, one bit per printer dot: lines of text that no code page of the printer holds
// (Arabic, Japanese, Chinese), drawn with the shipped Noto fonts the PDF uses, and the template's logo.

/** A picture of `width` x `height` dots, row by row, 1 where the dot is black. */
export interface Bitmap {
  width: number;
  height: number;
  bits: Uint8Array;
}

const blank = (width: number, height: number): Bitmap => ({ width, height, bits: new Uint8Array(width * height) });

/** The shipped fonts of a weight in fallback order, each opened when first asked for (the CJK one is 2 MB). */
class Faces {
  private readonly opened: (Font | undefined)[] = [];
  private readonly files: string[];
  constructor(weight: 400 | 700) {
    this.files = shippedFontFiles(weight);
  }
  get count(): number {
    return this.files.length;
  }
  face(index: number): Font {
    return (this.opened[index] ??= openSync(this.files[index]!));
  }
}
const faces = { 400: new Faces(400), 700: new Faces(700) };
/** The index of the Arabic subset in the fallback order (server/lib/pdf-fonts.ts). */
const ARABIC_FACE = 4;

const RIGHT_TO_LEFT_LETTER = /[\u0590-\u065f\u066e-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const NUMBER = /[\p{Nd}\u066b\u066c]/u;
const ARABIC_NUMBER = /[\u0660-\u066c]/u;
const LEFT_TO_RIGHT_LETTER = /\p{L}/u;
/** Characters drawn mirrored in right-to-left text (Unicode's Bidi_Mirrored, the common ones). */
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '<': '>', '>': '<', '[': ']', ']': '[', '{': '}', '}': '{', '«': '»', '»': '«' };

type Run = { text: string; face: number; level: number };

/**
 * The runs of a line in the order they are drawn, left to right: each a text of one font and one level. A short form
 * of the Unicode bidirectional algorithm (UAX #9) for one line without embeddings: right-to-left letters are level 1;
 * other letters are 0 in a left-to-right line and 2 in a right-to-left one; numbers are 2 in a right-to-left line or
 * after a right-to-left letter (Arabic digits always), else 0; spaces and punctuation take the direction of their
 * neighbours when both agree (such numbers count as right to left there), else the line's; one separator between
 * digits is part of the number (W4); then rule L2 reorders and L4 mirrors brackets.
 */
function visualRuns(text: string, rtl: boolean, weight: 400 | 700): Run[] {
  const chars = [...text];
  const base = rtl ? 1 : 0;
  // The direction marks (Intl writes them into Arabic amounts and dates) are strong and drawn as nothing.
  const types = chars.map((char) => (RIGHT_TO_LEFT_LETTER.test(char) || char === '\u200f' || char === '\u061c' ? 'R' : NUMBER.test(char) ? 'N' : LEFT_TO_RIGHT_LETTER.test(char) || char === '\u200e' ? 'L' : '-'));
  // W4: one separator between two digits (14/03/2026, 10:26, 1.234,50) belongs to the number.
  types.forEach((type, at) => {
    if (type === '-' && /[,./:\u00a0]/.test(chars[at]!) && types[at - 1] === 'N' && types[at + 1] === 'N') types[at] = 'N';
  });
  let lastLetter = rtl ? 'R' : 'L';
  const strong = types.map((type, at) => {
    const char = chars[at]!;
    if (type === 'R' || type === 'L') lastLetter = type;
    // Arabic digits count as right to left beside spaces and punctuation; European ones take the last letter's side.
    return type === 'N' ? (lastLetter === 'R' || ARABIC_NUMBER.test(char) ? 'R#' : 'L#') : type;
  });
  const direction = (type: string | undefined) => (type === undefined ? (rtl ? 'R' : 'L') : type === 'L#' ? 'L' : type.startsWith('R') ? 'R' : 'L');
  const levelOf = (type: string) => (type === 'R' ? 1 : type === 'L' ? base * 2 : type === 'R#' || rtl ? 2 : 0);
  const levels = strong.map((type, at) => {
    if (type !== '-') return levelOf(type);
    const before = direction(strong.slice(0, at).reverse().find((other) => other !== '-'));
    const after = direction(strong.slice(at + 1).find((other) => other !== '-'));
    return before !== after ? base : before === 'R' ? 1 : base * 2;
  });
  const set = faces[weight];
  // The Arabic font first in a right-to-left line, as the PDF does: its digits and spaces keep a run whole.
  const order = rtl ? [ARABIC_FACE, ...Array.from({ length: set.count }, (_, index) => index).filter((index) => index !== ARABIC_FACE)] : Array.from({ length: set.count }, (_, index) => index);
  const runs: Run[] = [];
  chars.forEach((char, at) => {
    if (/[\u200e\u200f\u061c]/.test(char)) return;
    const level = levels[at]!;
    const drawn = level % 2 === 1 ? (MIRRORED[char] ?? char) : char;
    const face = order.find((index) => set.face(index).hasGlyphForCodePoint(drawn.codePointAt(0)!)) ?? 0;
    const last = runs.at(-1);
    if (last && last.face === face && last.level === level) last.text += drawn;
    else runs.push({ text: drawn, face, level });
  });
  // L2: from the highest level down to the lowest odd one, reverse every stretch of runs at that level or higher.
  const highest = Math.max(0, ...runs.map((run) => run.level));
  for (let level = highest; level >= 1; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs;
}

/** The outline of laid-out glyphs as line segments in dots (y downwards), from the baseline at `baseline`. */
function outline(run: GlyphRun, scale: number, left: number, baseline: number, edges: number[][]): number {
  let pen = left;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    const point = (x: number, y: number): [number, number] => [pen + (position.xOffset + x) * scale, baseline - (position.yOffset + y) * scale];
    let start: [number, number] = [0, 0];
    let at: [number, number] = [0, 0];
    const to = (next: [number, number]) => {
      edges.push([...at, ...next]);
      at = next;
    };
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') start = at = point(args[0]!, args[1]!);
      else if (command === 'lineTo') to(point(args[0]!, args[1]!));
      else if (command === 'closePath') to(start);
      else {
        // Curves are flattened into eight straight pieces: plenty at 20-odd dots a line.
        const from = at;
        const controls = [];
        for (let i = 0; i < args.length; i += 2) controls.push(point(args[i]!, args[i + 1]!));
        for (let step = 1; step <= 8; step++) {
          const t = step / 8;
          const u = 1 - t;
          const [c1, c2, c3] = controls as [[number, number], [number, number], [number, number]?];
          to(
            c3
              ? [u * u * u * from[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * c3[0], u * u * u * from[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * c3[1]]
              : [u * u * from[0] + 2 * u * t * c1[0] + t * t * c2[0], u * u * from[1] + 2 * u * t * c1[1] + t * t * c2[1]],
          );
        }
      }
    }
    pen += position.xAdvance * scale;
  });
  return pen;
}

/** Fills the outline into a bitmap by the non-zero rule, sampling each dot at its centre. */
function fill(edges: readonly number[][], width: number, height: number): Bitmap {
  const bitmap = blank(width, height);
  for (let y = 0; y < height; y++) {
    const middle = y + 0.5;
    const crossings: [number, number][] = [];
    for (const [x1, y1, x2, y2] of edges as [number, number, number, number][]) {
      if (y1 === y2 || middle < Math.min(y1, y2) || middle >= Math.max(y1, y2)) continue;
      crossings.push([x1 + ((middle - y1) / (y2 - y1)) * (x2 - x1), y2 > y1 ? 1 : -1]);
    }
    crossings.sort((a, b) => a[0] - b[0]);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      winding += crossings[i]![1];
      if (winding === 0) continue;
      for (let x = Math.max(0, Math.ceil(crossings[i]![0] - 0.5)); x < Math.min(width, crossings[i + 1]![0] - 0.5); x++) bitmap.bits[y * width + x] = 1;
    }
  }
  return bitmap;
}

/**
 * A line of text as a picture `paperDots` wide: `pixels` dots to the em, placed at the start (the right in a
 * right-to-left line), centre or end. A line wider than the paper is drawn smaller until it fits.
 */
export function rasterText(text: string, options: { pixels: number; bold: boolean; rtl: boolean; align: 'start' | 'center' | 'end'; paperDots: number }): Bitmap {
  const weight = options.bold ? 700 : 400;
  // A run at an odd level is laid out right to left by fontkit (its glyphs come back in drawing order), one at an even
  // level left to right: the direction is said, else fontkit takes it from the script and turns Arabic digits around.
  const runs = visualRuns(text, options.rtl, weight).map((run) => {
    const font = faces[weight].face(run.face);
    return { laid: font.layout(run.text, undefined, undefined, undefined, run.level % 2 === 1 ? 'rtl' : 'ltr'), font };
  });
  const unitsWide = runs.reduce((sum, { laid, font }) => sum + laid.positions.reduce((width, position) => width + position.xAdvance, 0) * (1000 / font.unitsPerEm), 0);
  const pixels = Math.min(options.pixels, Math.floor((options.paperDots * 1000) / Math.max(1, unitsWide)));
  const height = Math.ceil(options.pixels * 1.4);
  const baseline = Math.round(options.pixels * 1.05);
  const width = Math.ceil((unitsWide * pixels) / 1000);
  const free = options.paperDots - width;
  const start = options.rtl ? free : 0;
  let pen = options.align === 'center' ? Math.floor(free / 2) : options.align === 'end' ? free - start : start;
  const edges: number[][] = [];
  for (const { laid, font } of runs) pen = outline(laid, pixels / font.unitsPerEm, pen, baseline, edges);
  const bitmap = fill(edges, options.paperDots, height);
  // Bold doubles each stroke by one dot: the fonts' bold weight alone is thin at 200 dots an inch.
  if (options.bold) for (let i = bitmap.bits.length - 1; i > 0; i--) if (bitmap.bits[i - 1] && i % bitmap.width !== 0) bitmap.bits[i] = 1;
  return bitmap;
}

/** A PNG's pixels as luminance over white (0 black .. 255 white), for non-interlaced PNGs of every colour type; else undefined. */
export function readPngLuminance(png: Buffer): { width: number; height: number; luminance: (x: number, y: number) => number } | undefined {
  if (png.length < 33 || png.readUInt32BE(0) !== 0x89504e47) return undefined;
  let offset = 8;
  let header: Buffer | undefined;
  let palette: Buffer | undefined;
  let transparency: Buffer | undefined;
  const data: Buffer[] = [];
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const chunk = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = chunk;
    else if (type === 'PLTE') palette = chunk;
    else if (type === 'tRNS') transparency = chunk;
    else if (type === 'IDAT') data.push(chunk);
    offset += 12 + length;
  }
  if (!header || header.length < 13) return undefined;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const [depth, colour, interlace] = [header[8]!, header[9]!, header[12]!];
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colour];
  if (!channels || interlace !== 0 || width === 0 || height === 0 || width * height > 4_000_000 || (colour === 3 && !palette)) return undefined;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(data));
  } catch {
    return undefined;
  }
  const bitsPerPixel = channels * depth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const step = Math.max(1, bitsPerPixel >> 3);
  if (raw.length < (stride + 1) * height) return undefined;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= step ? rows[y * stride + i - step]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= step ? rows[(y - 1) * stride + i - step]! : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      rows[y * stride + i] = (value + ([0, left, up, (left + up) >> 1, paeth][filter] ?? 0)) & 0xff;
    }
  }
  const max = (1 << depth) - 1;
  const sample = (y: number, index: number) => {
    if (depth === 16) return rows[y * stride + index * 2]!;
    if (depth === 8) return rows[y * stride + index]!;
    const bit = index * depth;
    return (rows[y * stride + (bit >> 3)]! >> (8 - depth - (bit & 7))) & max;
  };
  const scale = (value: number) => (depth >= 8 ? value : Math.round((value * 255) / max));
  const luminance = (x: number, y: number) => {
    const at = x * channels;
    let [r, g, b, a] = [0, 0, 0, 255];
    if (colour === 3) {
      const index = sample(y, x);
      [r, g, b] = [palette![index * 3] ?? 0, palette![index * 3 + 1] ?? 0, palette![index * 3 + 2] ?? 0];
      a = transparency && index < transparency.length ? transparency[index]! : 255;
    } else if (colour === 0 || colour === 4) {
      r = g = b = scale(sample(y, at));
      if (colour === 4) a = sample(y, at + 1);
    } else {
      [r, g, b] = [sample(y, at), sample(y, at + 1), sample(y, at + 2)];
      if (colour === 6) a = sample(y, at + 3);
    }
    const grey = 0.299 * r + 0.587 * g + 0.114 * b;
    return (grey * a + 255 * (255 - a)) / 255;
  };
  return { width, height, luminance };
}
