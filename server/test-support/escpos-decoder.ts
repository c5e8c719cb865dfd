// Test support: reads ESC/POS bytes back as a printer would, from Epson's command reference, not from the encoder's
// code. Every byte must be a command this reader knows or printable text; anything else throws, so that a test sees
// stray bytes.

/** What the printer does, in order: a printed line with the state it was printed in, a picture, a code, a feed, a cut. */
export type EscposItem =
  | { kind: 'init' }
  | { kind: 'text'; text: string; align: 'left' | 'center' | 'right'; bold: boolean; font: 'A' | 'B'; width: number; height: number; codePage: string }
  | { kind: 'raster'; width: number; height: number; ink: number; black: (x: number, y: number) => boolean; align: 'left' | 'center' | 'right' }
  | { kind: 'barcode'; system: string; data: string; heightDots: number; moduleDots: number; hri: number; align: 'left' | 'center' | 'right' }
  | { kind: 'qr'; data: string; moduleDots: number; model: number; errorCorrection: string; align: 'left' | 'center' | 'right' }
  | { kind: 'feed'; lines: number }
  | { kind: 'cut'; mode: number };

/** ESC t numbers of Epson's code page table the reader knows, with their WHATWG encoding names. */
const CODE_PAGES: Record<number, string> = { 0: 'cp437', 16: 'windows-1252', 45: 'windows-1250', 46: 'windows-1251', 47: 'windows-1253' };

const WINDOWS_1252_C1 = ['€', '?', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '?', 'Ž', '?', '?', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '?', 'ž', 'Ÿ'];

/** Reads ESC/POS bytes into the items a printer would print. */
export function decodeEscpos(bytes: Buffer): EscposItem[] {
  const items: EscposItem[] = [];
  const state = { align: 'left' as 'left' | 'center' | 'right', bold: false, font: 'A' as 'A' | 'B', width: 1, height: 1, codePage: 0, barcodeHeight: 162, module: 3, hri: 0 };
  const qr = { model: 0, module: 3, ec: '', data: '' };
  let line: number[] = [];
  let at = 0;
  const take = (count: number) => {
    if (at + count > bytes.length) throw new Error(`command at ${at} cut short`);
    const taken = bytes.subarray(at, at + count);
    at += count;
    return taken;
  };
  const flush = () => {
    const name = CODE_PAGES[state.codePage];
    if (!name) throw new Error(`code page ${state.codePage} unknown to the reader`);
    // Node's TextDecoder reads windows-1252 as Latin-1, whose 0x80-0x9f are controls: Epson's table has these there.
    const text = name === 'cp437' ? Buffer.from(line).toString('latin1') : name === 'windows-1252' ? line.map((byte) => (byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_C1[byte - 0x80] : String.fromCharCode(byte))).join('') : new TextDecoder(name).decode(Uint8Array.from(line));
    items.push({ kind: 'text', text, align: state.align, bold: state.bold, font: state.font, width: state.width, height: state.height, codePage: name });
    line = [];
  };
  const ALIGN = ['left', 'center', 'right'] as const;
  while (at < bytes.length) {
    const byte = bytes[at++]!;
    if (byte === 0x0a) flush();
    else if (byte >= 0x20 && byte !== 0x7f) {
      if (byte >= 0x80 && state.codePage === 0) throw new Error(`byte ${byte} at ${at - 1} in code page 0`);
      line.push(byte);
    } else if (line.length > 0) throw new Error(`command byte ${byte} at ${at - 1} in the middle of a line`);
    else if (byte === 0x1b) {
      const [code] = take(1);
      if (code === 0x40) {
        items.push({ kind: 'init' });
        Object.assign(state, { align: 'left', bold: false, font: 'A', width: 1, height: 1, codePage: 0 });
      } else if (code === 0x61) state.align = ALIGN[take(1)[0]! % 48]!;
      else if (code === 0x45) state.bold = (take(1)[0]! & 1) === 1;
      else if (code === 0x4d) state.font = take(1)[0]! % 48 === 0 ? 'A' : 'B';
      else if (code === 0x74) state.codePage = take(1)[0]!;
      else if (code === 0x64) items.push({ kind: 'feed', lines: take(1)[0]! });
      else throw new Error(`ESC ${code} at ${at - 2} unknown to the reader`);
    } else if (byte === 0x1d) {
      const [code] = take(1);
      if (code === 0x21) {
        const n = take(1)[0]!;
        state.width = (n >> 4) + 1;
        state.height = (n & 15) + 1;
      } else if (code === 0x68) state.barcodeHeight = take(1)[0]!;
      else if (code === 0x77) state.module = take(1)[0]!;
      else if (code === 0x48) state.hri = take(1)[0]!;
      else if (code === 0x6b) {
        const [m, n] = take(2);
        if (m !== 73) throw new Error(`GS k ${m} unknown to the reader`);
        const data = take(n!).toString('latin1');
        items.push({ kind: 'barcode', system: data.startsWith('{B') ? 'CODE128-B' : 'CODE128', data: data.slice(2).replace(/\{\{/g, '{'), heightDots: state.barcodeHeight, moduleDots: state.module, hri: state.hri, align: state.align });
      } else if (code === 0x28) {
        const [k, pL, pH, cn, fn] = take(5);
        if (k !== 0x6b || cn !== 49) throw new Error(`GS ( ${k} cn ${cn} unknown to the reader`);
        const parameters = take(pL! + pH! * 256 - 2);
        if (fn === 65) qr.model = parameters[0]! - 48;
        else if (fn === 67) qr.module = parameters[0]!;
        else if (fn === 69) qr.ec = ({ 48: 'L', 49: 'M', 50: 'Q', 51: 'H' } as Record<number, string>)[parameters[0]!]!;
        else if (fn === 80) qr.data = new TextDecoder().decode(parameters.subarray(1));
        else if (fn === 81) items.push({ kind: 'qr', data: qr.data, moduleDots: qr.module, model: qr.model, errorCorrection: qr.ec, align: state.align });
        else throw new Error(`GS ( k fn ${fn} unknown to the reader`);
      } else if (code === 0x76) {
        const [zero, , xL, xH, yL, yH] = take(6);
        if (zero !== 0x30) throw new Error('GS v other than GS v 0');
        const bytesPerRow = xL! + xH! * 256;
        const height = yL! + yH! * 256;
        const data = Buffer.from(take(bytesPerRow * height));
        const black = (x: number, y: number) => ((data[y * bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
        let ink = 0;
        for (const value of data) for (let bit = 0; bit < 8; bit++) ink += (value >> bit) & 1;
        // Bands of one picture (taller than 255 dots) are read as one.
        const last = items.at(-1);
        if (last?.kind === 'raster' && last.width === bytesPerRow * 8 && height > 0 && last.height % 255 === 0) {
          const [above, aboveHeight] = [last.black, last.height];
          Object.assign(last, { height: aboveHeight + height, ink: last.ink + ink, black: (x: number, y: number) => (y < aboveHeight ? above(x, y) : black(x, y - aboveHeight)) });
        } else items.push({ kind: 'raster', width: bytesPerRow * 8, height, ink, black, align: state.align });
      } else if (code === 0x56) {
        const [mode] = take(1);
        if (mode === 65 || mode === 66) take(1);
        items.push({ kind: 'cut', mode: mode! });
      } else throw new Error(`GS ${code} at ${at - 2} unknown to the reader`);
    } else throw new Error(`byte ${byte} at ${at - 1} unknown to the reader`);
  }
  if (line.length > 0) throw new Error('text after the last line feed is never printed');
  return items;
}

/** The printed lines' texts, for assertions on order. */
export const printedTexts = (items: readonly EscposItem[]): string[] => items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));
