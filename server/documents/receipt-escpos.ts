import { isRightToLeft } from '../lib/pdf-fonts';
import { defaultTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import * as command from './escpos-commands';
import { rasterLogo, rasterText, type Bitmap } from './escpos-raster';
import type { CopyType, ReceiptDocument } from './receipt-model';
import { templateBlocks, type ImageCache, type ReceiptBlock } from './receipt-template-blocks';

/** 80 mm roll paper at 203 dots an inch: 576 dots printed across, 48 columns of Font A, 64 of Font B. */
export const PAPER_DOTS = 576;
export const COLUMNS = 48;
const SMALL_COLUMNS = 64;
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

  constructor(private readonly rtl: boolean) {}

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
    const columns = size === 'small' ? SMALL_COLUMNS : size === 'large' ? COLUMNS / 2 : COLUMNS;
    const wrapped = wrap(command.printable(text), columns);
    const lines = this.encoded(wrapped);
    if (!lines) {
      // Drawn from the text as written: its direction marks order an Arabic line's numbers.
      for (const line of wrap(text, columns)) this.picture(rasterText(line, { pixels: RASTER_PIXELS[size], bold, rtl: this.rtl, align, paperDots: PAPER_DOTS }));
      return;
    }
    this.out.push(command.align(this.side(align)), command.font(size === 'small' ? 'B' : 'A'), command.characterSize(size === 'large' ? 2 : 1, size === 'large' ? 2 : 1), command.bold(bold), ...lines);
    this.out.push(command.bold(false), command.characterSize(1, 1), command.font('A'), command.align('left'));
  }

  /**
   * A table row: the first cell at the start, the others at the end of equal columns (two cells: the start and the
   * end of the line). Cells that do not fit their columns go on lines of their own; a row no code page holds is
   * rastered, each cell in its share of the paper.
   */
  row(cells: readonly string[], bold = false): void {
    // A cell's indent is on its start side: the right in a right-to-left language.
    const texts = cells.map((cell) => (this.rtl ? command.printable(cell).replace(/^( +)(.*)$/, '$2$1') : command.printable(cell)));
    const ordered = this.rtl ? [...texts].reverse() : texts;
    const width = texts.length === 2 ? COLUMNS : Math.floor(COLUMNS / texts.length);
    const fits = texts.length === 2 ? columnsOf(texts[0]!) + 1 + columnsOf(texts[1]!) <= COLUMNS : texts.every((cell) => columnsOf(cell) < width);
    let lines: string[];
    if (!fits) lines = [...wrap(texts[0]!, COLUMNS), ...wrap(texts.slice(1).join('  '), COLUMNS).map((line) => line.padStart(COLUMNS))];
    else if (texts.length === 2) lines = [ordered[0]! + ordered[1]!.padStart(COLUMNS - columnsOf(ordered[0]!))];
    // The first cell is at the start of its column (the right in a right-to-left language), the others at the end.
    else lines = [ordered.map((cell, index) => ((index === (this.rtl ? ordered.length - 1 : 0)) !== this.rtl ? cell.padEnd(width) : cell.padStart(width))).join('').trimEnd()];
    const encoded = this.encoded(lines);
    if (encoded) {
      this.out.push(command.bold(bold), ...encoded, command.bold(false));
      return;
    }
    // Rastered: the first cell takes the start 60 % of a two-cell row, the other the end 40 %; else equal shares.
    const shares = cells.length === 2 ? [0.6, 0.4] : cells.map(() => 1 / cells.length);
    const bitmaps: Bitmap[] = [];
    let from = 0;
    cells.forEach((cell, index) => {
      const dots = Math.floor(PAPER_DOTS * shares[index]!);
      const left = this.rtl ? PAPER_DOTS - from - dots : from;
      bitmaps.push(shifted(rasterText(cell, { pixels: RASTER_PIXELS.normal, bold, rtl: this.rtl, align: index === 0 ? 'start' : 'end', paperDots: dots }), left));
      from += dots;
    });
    const height = Math.max(...bitmaps.map((bitmap) => bitmap.height));
    const merged: Bitmap = { width: PAPER_DOTS, height, bits: new Uint8Array(PAPER_DOTS * height) };
    for (const bitmap of bitmaps) bitmap.bits.forEach((bit, at) => bit && (merged.bits[at] = 1));
    this.picture(merged);
  }

  rule(character: string): void {
    this.out.push(...this.encoded([character.repeat(COLUMNS)])!);
  }
}

/** A bitmap drawn `left` dots from the paper's left edge on a paper-wide one. */
function shifted(bitmap: Bitmap, left: number): Bitmap {
  const out: Bitmap = { width: PAPER_DOTS, height: bitmap.height, bits: new Uint8Array(PAPER_DOTS * bitmap.height) };
  for (let y = 0; y < bitmap.height; y++) for (let x = 0; x < bitmap.width; x++) if (bitmap.bits[y * bitmap.width + x]) out.bits[y * PAPER_DOTS + left + x] = 1;
  return out;
}

/** The ESC/POS commands of the blocks of one copy (receipt-template-blocks.ts). */
export function blocksEscpos(blocks: readonly ReceiptBlock[], rtl: boolean): Buffer {
  const copy = new Copy(rtl);
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
        if (block.header) copy.row(block.header);
        for (const row of block.rows) copy.row(row.cells, row.bold);
        break;
      case 'separator':
        if (block.style === 'blank') copy.out.push(command.lineFeed());
        // A solid rule is a bar of dots across the paper; no code page of the three has a box-drawing line.
        else if (block.style === 'solid') copy.picture({ width: PAPER_DOTS, height: 6, bits: new Uint8Array(PAPER_DOTS * 6).map((_, at) => (at >= PAPER_DOTS * 2 && at < PAPER_DOTS * 4 ? 1 : 0)) });
        else copy.rule(block.style === 'dotted' ? '.' : '-');
        break;
      case 'signature':
        copy.out.push(command.feedLines(3));
        copy.rule('_');
        copy.text(block.text, 'start', false, 'normal');
        break;
      case 'image': {
        if (block.role === 'logo') {
          const logo = block.dataUrl ? rasterLogo(block.dataUrl, { percent: block.width, align: copy.side(block.align), paperDots: PAPER_DOTS }) : undefined;
          if (logo) copy.picture(logo);
          break;
        }
        const value = (block.value ?? '').replace(/[^\x20-\x7e]/g, '');
        if (!value) break;
        copy.out.push(command.align('center'));
        if (block.role === 'barcode') {
          // The widest module that keeps the symbol on the paper (a Uid takes one dot a module), at most three.
          const module = Math.max(1, Math.min(3, Math.floor(PAPER_DOTS / command.code128Modules(value.length))));
          copy.out.push(command.code128(value, Math.round((block.heightMm ?? 8) * 8), module), command.lineFeed());
        } else {
          copy.out.push(command.qrCode(value, Math.floor((PAPER_DOTS * block.width) / 100 / command.qrModules(value))), command.lineFeed());
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
 * out by the receipt template for 80 mm paper, each fed to the cutter and cut.
 */
export async function receiptEscpos(document: ReceiptDocument, parts: readonly { type: CopyType }[], template: ReceiptTemplate = defaultTemplate()): Promise<Buffer> {
  const cache: ImageCache = new Map();
  const rtl = isRightToLeft(document.language);
  const out: Buffer[] = [command.init()];
  for (const part of parts) {
    out.push(blocksEscpos(await templateBlocks(template, document, part.type, 'escpos', cache), rtl), command.feedLines(4), command.cut());
  }
  return Buffer.concat(out);
}
