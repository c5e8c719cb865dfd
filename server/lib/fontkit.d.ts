// The part of fontkit (a dependency of @react-pdf, and ours for the ESC/POS raster text and for the glyph mend of
// server/lib/pdf-fonts.ts) that the server uses; the package ships no types.
declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    id: number;
    path: { commands: PathCommand[] };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    direction: 'ltr' | 'rtl';
  }
  export interface Font {
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[], script?: string, language?: string, direction?: 'ltr' | 'rtl'): GlyphRun;
  }
  export function openSync(path: string): Font;
  export function create(buffer: Uint8Array): unknown;
}
