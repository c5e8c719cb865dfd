/** The A4 grids the server lays a sheet out in (server/scan-sheet/scan-sheet-schemas.ts). */
export const SHEET_LAYOUTS = ['a4-2x5', 'a4-3x8', 'a4-4x10'] as const;
/** One layout. */
export type SheetLayout = (typeof SHEET_LAYOUTS)[number];
/** Most barcodes one sheet holds. */
export const SHEET_MAX_COUNT = 200;

/** One article on the sheet. */
export interface SheetItem {
  oid: number;
  text: string;
  articleNumber: string | null;
  code: string;
  symbology: 'ean13' | 'code128';
}

/** GET /api/scan-sheet. */
export interface SheetAnswer {
  seed: number;
  layout: SheetLayout;
  columns: number;
  rows: number;
  pages: number;
  items: SheetItem[];
}

/** What the user chose: how many, which grid, which seed (undefined: the server draws one). */
export interface SheetChoice {
  count: number;
  layout: SheetLayout;
  seed: number | undefined;
}
