import { readPngLuminance } from './escpos-raster';

// Test helpers: read back what the barcode route drew, with the standards' own tables (not the encoder's), so that a
// test sees the digits a scanner would see.

const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
const FIRST_DIGIT_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 13 digits of an EAN-13 symbol from its 95 modules ('1' dark), or an Error saying what does not read. */
export function decodeEan13Modules(modules: string): string {
  if (modules.length !== 95) throw new Error(`${modules.length} modules, not 95`);
  if (modules.slice(0, 3) !== '101' || modules.slice(45, 50) !== '01010' || modules.slice(92) !== '101') throw new Error('guards not found');
  let parity = '';
  let digits = '';
  for (let i = 0; i < 6; i++) {
    const code = modules.slice(3 + i * 7, 10 + i * 7);
    const l = L_CODES.indexOf(code);
    const g = G_CODES.indexOf(code);
    if (l < 0 && g < 0) throw new Error(`left digit ${i + 1} does not read: ${code}`);
    parity += l >= 0 ? 'L' : 'G';
    digits += l >= 0 ? l : g;
  }
  for (let i = 0; i < 6; i++) {
    const code = modules.slice(50 + i * 7, 57 + i * 7);
    const r = R_CODES.indexOf(code);
    if (r < 0) throw new Error(`right digit ${i + 1} does not read: ${code}`);
    digits += r;
  }
  const first = FIRST_DIGIT_PARITY.indexOf(parity);
  if (first < 0) throw new Error(`parity ${parity} names no first digit`);
  return `${first}${digits}`;
}

/** Samples `count` modules between the first and the last dark point of a scan line. */
function modulesOf(isDark: (x: number) => boolean, start: number, end: number, count: number): string {
  const width = (end - start) / count;
  let modules = '';
  for (let i = 0; i < count; i++) modules += isDark(start + (i + 0.5) * width) ? '1' : '0';
  return modules;
}

/** The bars of a bwip-js SVG: its stroked vertical lines as [left, right] edges. */
export function svgBars(svg: string): [number, number][] {
  const bars: [number, number][] = [];
  for (const path of svg.matchAll(/<path stroke="[^"]*" stroke-width="([\d.]+)" d="([^"]*)"/g)) {
    const width = Number(path[1]);
    for (const line of path[2]!.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) bars.push([Number(line[1]) - width / 2, Number(line[1]) + width / 2]);
  }
  return bars.sort((a, b) => a[0] - b[0]);
}

/** The EAN-13 digits an SVG's bars encode. */
export function decodeEan13Svg(svg: string): string {
  const bars = svgBars(svg);
  const start = bars[0]![0];
  const end = bars.at(-1)![1];
  return decodeEan13Modules(modulesOf((x) => bars.some(([left, right]) => x >= left && x < right), start, end, 95));
}

/** A PNG's size and greyscale pixels (0 black .. 255 white), through the product's own reader (escpos-raster.ts). */
export function readPng(png: Buffer): { width: number; height: number; grey: (x: number, y: number) => number } {
  const picture = readPngLuminance(png);
  if (!picture) throw new Error('not a PNG this reads (interlaced, damaged or too large)');
  return { width: picture.width, height: picture.height, grey: (x, y) => picture.luminance(Math.floor(x), Math.floor(y)) };
}

/** The EAN-13 digits of a PNG, read along the scan line at `y` (a row through the bars). */
export function decodeEan13Png(png: Buffer, y: number): string {
  const { width, grey } = readPng(png);
  const dark = (x: number) => grey(x, y) < 128;
  let start = 0;
  while (start < width && !dark(start)) start++;
  let end = width - 1;
  while (end > start && !dark(end)) end--;
  return decodeEan13Modules(modulesOf(dark, start, end + 1, 95));
}
