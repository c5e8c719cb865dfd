import jpeg from 'jpeg-js';
import omggif from 'omggif';
import { readPngLuminance, type Bitmap } from './escpos-raster';

// The template's logo as an ESC/POS picture: a PNG, JPEG or GIF read to grey, scaled to its share of the paper, then
// dithered when it is photographic or thresholded when it is line art (docs/receipt-templates.md "ESC/POS").

/** A picture's pixels as luminance over white: 0 black .. 255 white (transparency is white, as on paper). */
export interface Luminance {
  width: number;
  height: number;
  luminance: (x: number, y: number) => number;
}

/** The most pixels a logo may have: a logo is a few hundred dots wide, this keeps a hostile one from taking the memory. */
const MAX_PIXELS = 4_000_000;

const grey = (r: number, g: number, b: number, a: number): number => ((0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (255 - a)) / 255;

/** RGBA pixels, four bytes each, as luminance. */
const rgbaLuminance = (width: number, height: number, rgba: Uint8Array): Luminance => ({
  width,
  height,
  luminance: (x, y) => {
    const at = (y * width + x) * 4;
    return grey(rgba[at]!, rgba[at + 1]!, rgba[at + 2]!, rgba[at + 3]!);
  },
});

/** A baseline or progressive JPEG (jpeg-js). */
function readJpeg(bytes: Buffer): Luminance {
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: 128 });
  if (image.width === 0 || image.height === 0) throw new Error('the JPEG has no pixels');
  return rgbaLuminance(image.width, image.height, image.data);
}

/** A GIF's first frame on its canvas (omggif); transparent pixels and the canvas the frame leaves out are white. */
function readGif(bytes: Buffer): Luminance {
  const reader = new omggif.GifReader(bytes);
  if (reader.numFrames() === 0) throw new Error('the GIF has no frame');
  if (reader.width === 0 || reader.height === 0 || reader.width * reader.height > MAX_PIXELS) throw new Error(`the GIF is ${reader.width} x ${reader.height} pixels`);
  // Zeros are transparent black: what the frame does not draw counts as white.
  const rgba = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  return rgbaLuminance(reader.width, reader.height, rgba);
}

/** A logo's data URL read by what its bytes are (PNG, JPEG, GIF), whatever type the URL says; throws when it does not read. */
export function readLogo(dataUrl: string): Luminance {
  const match = /^data:image\/[a-z+.-]+;base64,(.*)$/i.exec(dataUrl);
  if (!match) throw new Error('the logo is not a base64 image data URL');
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) {
    const png = readPngLuminance(bytes);
    if (!png) throw new Error('the PNG does not read (interlaced, over 4 million pixels or corrupt)');
    return png;
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return readJpeg(bytes);
  if (bytes.toString('latin1', 0, 4) === 'GIF8') return readGif(bytes);
  throw new Error('the logo is neither PNG, JPEG nor GIF');
}

/**
 * The picture scaled to `width` x `height` dots as grey levels: each dot the mean of the pixels it covers when the
 * picture shrinks (a photograph keeps its tones), the nearest pixel when it grows (line art keeps its edges).
 */
export function scaledGrey(picture: Luminance, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const [sx, sy] = [picture.width / width, picture.height / height];
  for (let y = 0; y < height; y++) {
    const [top, bottom] = sy <= 1 ? [Math.floor(y * sy), Math.floor(y * sy) + 1] : [Math.floor(y * sy), Math.max(Math.floor(y * sy) + 1, Math.min(picture.height, Math.ceil((y + 1) * sy)))];
    for (let x = 0; x < width; x++) {
      const [left, right] = sx <= 1 ? [Math.floor(x * sx), Math.floor(x * sx) + 1] : [Math.floor(x * sx), Math.max(Math.floor(x * sx) + 1, Math.min(picture.width, Math.ceil((x + 1) * sx)))];
      let sum = 0;
      for (let v = top; v < bottom; v++) for (let u = left; u < right; u++) sum += picture.luminance(u, v);
      out[y * width + x] = sum / ((bottom - top) * (right - left));
    }
  }
  return out;
}

/**
 * Whether a grey picture is photographic: more than a tenth of its dots are mid-grey (a gradient, a photograph). Line
 * art has grey only along its anti-aliased edges and is thresholded, so that its edges stay crisp.
 */
export function isPhotographic(grey: Float32Array): boolean {
  let mid = 0;
  for (const value of grey) if (value > 48 && value < 208) mid++;
  return mid > grey.length / 10;
}

/**
 * Floyd–Steinberg error diffusion, serpentine (each row the other way, so that the error does not drift into
 * diagonal streaks): each dot is black below middle grey, and what it was off by goes to its unvisited neighbours
 * (7/16 ahead, 3/16, 5/16, 1/16 below). All the error is passed on, so the share of black dots is the picture's
 * darkness. 1 is black.
 */
export function ditherFloydSteinberg(grey: Float32Array, width: number, height: number): Uint8Array {
  const values = Float32Array.from(grey);
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const forward = y % 2 === 0;
    for (let step = 0; step < width; step++) {
      const x = forward ? step : width - 1 - step;
      const at = y * width + x;
      const black = values[at]! < 128;
      bits[at] = black ? 1 : 0;
      const error = values[at]! - (black ? 0 : 255);
      const ahead = forward ? x + 1 : x - 1;
      const behind = forward ? x - 1 : x + 1;
      const spread = (to: number, share: number) => (values[to] = values[to]! + error * share);
      if (ahead >= 0 && ahead < width) spread(at - x + ahead, 7 / 16);
      if (y + 1 < height) {
        const below = at + width;
        if (behind >= 0 && behind < width) spread(below - x + behind, 3 / 16);
        spread(below, 5 / 16);
        if (ahead >= 0 && ahead < width) spread(below - x + ahead, 1 / 16);
      }
    }
  }
  return bits;
}

/**
 * The logo as a picture `paperDots` wide: scaled to `percent` of the paper, dithered when photographic (above), else
 * black where darker than middle grey, placed at the start, centre or end. Throws when the image does not read: the
 * caller prints the receipt without it.
 */
export function rasterLogo(dataUrl: string, options: { percent: number; align: 'left' | 'center' | 'right'; paperDots: number }): Bitmap {
  const picture = readLogo(dataUrl);
  let width = Math.max(1, Math.min(options.paperDots, Math.round((options.paperDots * options.percent) / 100)));
  let height = Math.max(1, Math.round((picture.height * width) / picture.width));
  // A tall, narrow picture is at most twice as high as the paper is wide: narrower rather than a metre of paper.
  if (height > options.paperDots * 2) {
    height = options.paperDots * 2;
    width = Math.max(1, Math.round((picture.width * height) / picture.height));
  }
  const grey = scaledGrey(picture, width, height);
  const bits = isPhotographic(grey) ? ditherFloydSteinberg(grey, width, height) : Uint8Array.from(grey, (value) => (value < 128 ? 1 : 0));
  const bitmap: Bitmap = { width: options.paperDots, height, bits: new Uint8Array(options.paperDots * height) };
  const left = options.align === 'center' ? Math.floor((options.paperDots - width) / 2) : options.align === 'right' ? options.paperDots - width : 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) bitmap.bits[y * options.paperDots + left + x] = bits[y * width + x]!;
  return bitmap;
}
