import { isRightToLeft } from '../lib/pdf-fonts';
import { defaultTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import * as command from './escpos-commands';
import { rasterLogo } from './escpos-logo';
import { rasterText, type Bitmap } from './escpos-raster';
import type { CopyType, ReceiptDocument } from './receipt-model';
import { templateBlocks, type ImageCache, type ReceiptBlock } from './receipt-template-blocks';
import { PAPER_WIDTHS, type PaperWidth } from './paper-width';

export { PAPER_WIDTHS, type PaperWidth };

/** A paper at 203 dots an inch: the dots printed across, the columns of Font A (12 dots) and of Font B (9 dots). */
export interface Paper {
  dots: number;
  columns: number;
  smallColumns: number;
}
/** 80 mm: 576 dots, 48 columns of Font A, 64 of Font B; 58 mm: 384 dots, 32 and 42 (Epson's TM-T20 and its kind). */
export const PAPERS: Record<PaperWidth, Paper> = { 80: { dots: 576, columns: 48, smallColumns: 64 }, 58: { dots: 384, columns: 32, smallColumns: 42 } };
/** Dots to the em of a rastered line: Font A's height (24 dots), Font B's (17), double size (48). */
const RASTER_PIXELS = { small: 18, normal: 24, large: 48 } as const;

type Align = 'start' | 'center' | 'end';
type Size = 'small' | 'normal' | 'large';

/** East Asian wide characters take two columns of the printer's font, and two of a rastered line. */
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
/** The columns a text takes. */
export const columnsOf = (text: string): number => [...text].reduce((sum, char) => sum + (WIDE.test(char) ? 2 : 1), 0);

/** Words wrapped to lines of at most `columns` columns; a longer word is cut (text without spaces, as Japanese, too). */
export function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    if (line && columnsOf(line) + 1 + columnsOf(word) <= columns) {
      line += ` ${word}`;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (columnsOf(line + char) > columns) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  lines.push(line);
  return lines;
}

/** The commands of one copy, with the printer's state (code page) kept so that each command is sent when it changes. */
class Copy {
  readonly out: Buffer[] = [];
  private page = -1;

  constructor(
    private readonly rtl: boolean,
    readonly paper: Paper,
  ) {}

  /** `start` is the right in a right-to-left language, as in the HTML and the PDF. */
  side(align: Align): 'left' | 'center' | 'right' {
    if (align === 'center') return 'center';
    return (align === 'end') !== this.rtl ? 'right' : 'left';
  }

  picture(bitmap: Bitmap): void {
    this.out.push(command.align('left'), command.raster(bitmap.width, bitmap.height, (x, y) => bitmap.bits[y * bitmap.width + x] === 1));
  }

  /** A line in the printer's own font when a code page holds it, else undefined (the caller rasters it). */
  private encoded(lines: readonly string[]): Buffer[] | undefined {
    const encoded = lines.map((line) => command.encodeLine(line));
    if (encoded.some((line) => !line)) return undefined;
    return encoded.flatMap((line) => {
      const page = line!.escT === this.page ? [] : [command.codePage(line!.escT)];
      this.page = line!.escT;
      return [...page, line!.bytes, command.lineFeed()];
    });
  }

  /** A paragraph: wrapped to the columns of its size, aligned, bold; a paragraph no code page holds is rastered line by line. */
  text(text: string, align: Align, bold: boolean, size: Size): void {
    const columns = size === 'small' ? this.paper.smallColumns : size === 'large' ? this.paper.columns / 2 : this.paper.columns;
    const wrapped = wrap(command.printable(text), columns);
    const lines = this.encoded(wrapped);
    if (!lines) {
      // Drawn from the text as written: its direction marks order an Arabic line's numbers.
      for (const line of wrap(text, columns)) this.picture(rasterText(line, { pixels: RASTER_PIXELS[size], bold, rtl: this.rtl, align, paperDots: this.paper.dots }));
      return;
    }
    this.out.push(command.align(this.side(align)), command.font(size === 'small' ? 'B' : 'A'), command.characterSize(size === 'large' ? 2 : 1, size === 'large' ? 2 : 1), command.bold(bold), ...lines);
    this.out.push(command.bold(false), command.characterSize(1, 1), command.font('A'), command.align('left'));
  }

  /** Whether a row's cells fit equal columns of the paper, all on one line (a two-cell row: with a space between). */
  fitsColumns(cells: readonly string[]): boolean {
    const texts = cells.map((cell) => command.printable(cell));
    const columns = this.paper.columns;
    if (texts.length === 2) return columnsOf(texts[0]!) + 1 + columnsOf(texts[1]!) <= columns;
    return texts.every((cell) => columnsOf(cell) < Math.floor(columns / texts.length));
  }

  /** Whether a row fits stacked: its first cell on a line of its own, the others in equal columns of the next. */
  fitsStacked(cells: readonly string[]): boolean {
    const width = Math.floor(this.paper.columns / Math.max(1, cells.length - 1));
    return cells.length > 2 && cells.slice(1).every((cell) => columnsOf(command.printable(cell)) < width);
  }

  /**
   * A table's rows laid out alike, so that its columns line up: in equal columns when every row fits them; else
   * (58 mm paper's tax table) stacked when every row fits that; else each row as it fits (row below).
   */
  table(rows: readonly { cells: readonly string[]; bold?: boolean }[]): void {
    const layout = rows.every((row) => this.fitsColumns(row.cells)) ? 'columns' : rows.every((row) => this.fitsStacked(row.cells)) ? 'stacked' : 'each';
    for (const row of rows) this.row(row.cells, row.bold ?? false, layout);
  }

  /**
   * A table row: the first cell at the start, the others at the end of equal columns (two cells: the start and the
   * end of the line). `stacked`: the first cell on a line of its own, the others in equal columns of the next line.
   * Cells that do not fit their columns go on lines of their own; a row no code page holds is rastered, each cell in
   * its share of the paper.
   */
  row(cells: readonly string[], bold = false, layout: 'columns' | 'stacked' | 'each' = 'each'): void {
    const columns = this.paper.columns;
    // A cell's indent is on its start side: the right in a right-to-left language.
    const texts = cells.map((cell) => (this.rtl ? command.printable(cell).replace(/^( +)(.*)$/, '$2$1') : command.printable(cell)));
    const stacked = layout === 'stacked' && texts.length > 2;
    const rest = stacked ? texts.slice(1) : texts;
    const ordered = this.rtl ? [...rest].reverse() : rest;
    const width = rest.length === 2 && !stacked ? columns : Math.floor(columns / rest.length);
    const fits = stacked || this.fitsColumns(cells);
    let lines: string[];
    if (stacked) {
      // The others' columns at the end of the line: the right, or the left in a right-to-left language.
      const others = ordered.map((cell) => (this.rtl ? cell.padEnd(width) : cell.padStart(width))).join('');
      lines = [this.rtl ? texts[0]!.padStart(columns) : texts[0]!, this.rtl ? others.trimEnd() : others.padStart(columns)];
    } else if (!fits) lines = [...wrap(texts[0]!, columns), ...wrap(texts.slice(1).join('  '), columns).map((line) => line.padStart(columns))];
    else if (texts.length === 2) lines = [ordered[0]! + ordered[1]!.padStart(columns - columnsOf(ordered[0]!))];
    // The first cell is at the start of its column (the right in a right-to-left language), the others at the end.
    else lines = [ordered.map((cell, index) => ((index === (this.rtl ? ordered.length - 1 : 0)) !== this.rtl ? cell.padEnd(width) : cell.padStart(width))).join('').trimEnd()];
    const encoded = this.encoded(lines);
    if (encoded) {
      this.out.push(command.bold(bold), ...encoded, command.bold(false));
      return;
    }
    // Rastered: the first cell takes the start 60 % of a two-cell row, the other the end 40 %; else equal shares
    // (stacked: the first cell is a line of its own, the others share the next).
    if (stacked) {
      this.picture(rasterText(cells[0]!, { pixels: RASTER_PIXELS.normal, bold, rtl: this.rtl, align: 'start', paperDots: this.paper.dots }));
      this.rasterRow(cells.slice(1), bold, true);
    } else this.rasterRow(cells, bold, false);
  }

  /** Cells drawn side by side in one paper-wide picture; `allEnd`: every cell at the end of its share. */
  private rasterRow(cells: readonly string[], bold: boolean, allEnd: boolean): void {
    const paperDots = this.paper.dots;
    const shares = cells.length === 2 && !allEnd ? [0.6, 0.4] : cells.map(() => 1 / cells.length);
    const bitmaps: Bitmap[] = [];
    let from = 0;
    cells.forEach((cell, index) => {
      const dots = Math.floor(paperDots * shares[index]!);
      const left = this.rtl ? paperDots - from - dots : from;
      bitmaps.push(shifted(rasterText(cell, { pixels: RASTER_PIXELS.normal, bold, rtl: this.rtl, align: index === 0 && !allEnd ? 'start' : 'end', paperDots: dots }), left, paperDots));
      from += dots;
    });
    const height = Math.max(...bitmaps.map((bitmap) => bitmap.height));
    const merged: Bitmap = { width: paperDots, height, bits: new Uint8Array(paperDots * height) };
    for (const bitmap of bitmaps) bitmap.bits.forEach((bit, at) => bit && (merged.bits[at] = 1));
    this.picture(merged);
  }

  rule(character: string): void {
    this.out.push(...this.encoded([character.repeat(this.paper.columns)])!);
  }
}

/** A bitmap drawn `left` dots from the paper's left edge on a paper-wide one. */
function shifted(bitmap: Bitmap, left: number, paperDots: number): Bitmap {
  const out: Bitmap = { width: paperDots, height: bitmap.height, bits: new Uint8Array(paperDots * bitmap.height) };
  for (let y = 0; y < bitmap.height; y++) for (let x = 0; x < bitmap.width; x++) if (bitmap.bits[y * bitmap.width + x]) out.bits[y * paperDots + left + x] = 1;
  return out;
}

/** The logos of a receipt's copies, read once: the picture, or undefined when it does not read (told once). */
type LogoCache = Map<string, Bitmap | undefined>;

/** Told about a logo that does not print (unreadable or corrupt), so that the caller can log it. */
export type EscposWarn = (message: string, detail: Record<string, unknown>) => void;

/** The ESC/POS commands of the blocks of one copy (receipt-template-blocks.ts) on `paper`. */
export function blocksEscpos(blocks: readonly ReceiptBlock[], rtl: boolean, paper: Paper = PAPERS[80], warn: EscposWarn = () => {}, logos: LogoCache = new Map()): Buffer {
  const copy = new Copy(rtl, paper);
  const dots = paper.dots;
  for (const block of blocks) {
    switch (block.kind) {
      case 'text':
        copy.text(block.text, block.align, block.bold, block.size);
        break;
      case 'lines':
        for (const line of block.lines) {
          copy.text(line.text, 'start', false, 'normal');
          copy.row([`  ${line.detail}`, line.amount]);
        }
        break;
      case 'table':
        if (block.heading) copy.text(block.heading, 'start', false, 'normal');
        copy.table([...(block.header ? [{ cells: block.header }] : []), ...block.rows]);
        break;
      case 'separator':
        if (block.style === 'blank') copy.out.push(command.lineFeed());
        // A solid rule is a bar of dots across the paper; no code page of the three has a box-drawing line.
        else if (block.style === 'solid') copy.picture({ width: dots, height: 6, bits: new Uint8Array(dots * 6).map((_, at) => (at >= dots * 2 && at < dots * 4 ? 1 : 0)) });
        else copy.rule(block.style === 'dotted' ? '.' : '-');
        break;
      case 'signature':
        copy.out.push(command.feedLines(3));
        copy.rule('_');
        copy.text(block.text, 'start', false, 'normal');
        break;
      case 'image': {
        if (block.role === 'logo') {
          if (!block.dataUrl) break;
          // A logo that does not read prints nothing: the receipt matters more than its picture.
          const options = { percent: block.width, align: copy.side(block.align), paperDots: dots };
          const key = `${options.percent} ${options.align} ${block.dataUrl}`;
          if (!logos.has(key)) {
            try {
              logos.set(key, rasterLogo(block.dataUrl, options));
            } catch (error) {
              logos.set(key, undefined);
              warn('escpos: the logo is left out, it does not read', { reason: error instanceof Error ? error.message : String(error), type: /^data:([^;,]*)/.exec(block.dataUrl)?.[1] });
            }
          }
          const logo = logos.get(key);
          if (logo) copy.picture(logo);
          break;
        }
        const value = (block.value ?? '').replace(/[^\x20-\x7e]/g, '');
        if (!value) break;
        copy.out.push(command.align('center'));
        const modules = command.code128Modules(value.length);
        if (block.role === 'barcode' && modules <= dots) {
          // The widest module that keeps the symbol on the paper (a Uid takes one dot a module), at most three.
          const module = Math.max(1, Math.min(3, Math.floor(dots / modules)));
          copy.out.push(command.code128(value, Math.round((block.heightMm ?? 8) * 8), module), command.lineFeed());
        } else {
          // A Code 128 wider than the paper at one dot a module (a Uid, 431 modules, on 58 mm's 384 dots) would be cut
          // off by the printer: the same value prints as a QR code of 40 % of the paper, which 2D scanners read.
          const percent = block.role === 'barcode' ? 40 : block.width;
          copy.out.push(command.qrCode(value, Math.floor((dots * percent) / 100 / command.qrModules(value))), command.lineFeed());
        }
        copy.out.push(command.align('left'));
        break;
      }
    }
  }
  return Buffer.concat(copy.out);
}

/**
 * The receipt as ESC/POS printer commands (docs/receipt-templates.md "ESC/POS"): the copies one after the other, laid
 * out by the receipt template for the paper (80 mm unless said), each fed to the cutter and cut.
 */
export async function receiptEscpos(document: ReceiptDocument, parts: readonly { type: CopyType }[], template: ReceiptTemplate = defaultTemplate(), options: { paper?: PaperWidth; warn?: EscposWarn } = {}): Promise<Buffer> {
  const cache: ImageCache = new Map();
  const rtl = isRightToLeft(document.language);
  const paper = PAPERS[options.paper ?? 80];
  const logos: LogoCache = new Map();
  const out: Buffer[] = [command.init()];
  for (const part of parts) {
    out.push(blocksEscpos(await templateBlocks(template, document, part.type, 'escpos', cache), rtl, paper, options.warn, logos), command.feedLines(4), command.cut());
  }
  return Buffer.concat(out);
}
