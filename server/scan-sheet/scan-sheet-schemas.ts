import { listOf, TOKEN_REFUSED } from '../api-docs/openapi-fragments';

/** The scan sheet page's path: its permission is given on it (docs/scan-sheet.md). */
export const SCAN_SHEET_PATH = '/tools/scan-sheet';
/** Most barcodes one sheet holds. */
export const SCAN_SHEET_MAX_COUNT = 200;
/** The A4 grids a sheet is laid out in: columns x rows per page. */
export const SCAN_SHEET_LAYOUTS = { 'a4-2x5': { columns: 2, rows: 5 }, 'a4-3x8': { columns: 3, rows: 8 }, 'a4-4x10': { columns: 4, rows: 10 } } as const;
/** One layout name. */
export type ScanSheetLayout = keyof typeof SCAN_SHEET_LAYOUTS;

export const SCAN_SHEET_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    count: { type: 'integer', minimum: 1, maximum: SCAN_SHEET_MAX_COUNT, default: 24, description: 'how many articles (fewer when the tenant has fewer with a code)' },
    seed: { type: 'integer', minimum: 0, maximum: 2_147_483_647, description: 'the same seed picks the same articles; default: a new one, answered back' },
    layout: { type: 'string', enum: Object.keys(SCAN_SHEET_LAYOUTS), default: 'a4-3x8', description: 'A4 grid: columns x rows per page' },
  },
} as const;

const sheetArticle = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    text: { type: 'string' },
    articleNumber: { type: ['string', 'null'] },
    code: { type: 'string', description: 'what the barcode encodes' },
    symbology: { type: 'string', enum: ['ean13', 'code128'], description: 'EAN-13 when the GTIN is a valid one, else Code 128' },
  },
  required: ['oid', 'text', 'articleNumber', 'code', 'symbology'],
} as const;

// The sheet's members come before its items, as the serialiser has always written them.
const sheetList = listOf(sheetArticle);

export const SCAN_SHEET_SCHEMA = {
  type: 'object',
  properties: { seed: { type: 'integer' }, layout: { type: 'string' }, columns: { type: 'integer' }, rows: { type: 'integer' }, pages: { type: 'integer' }, ...sheetList.properties },
  required: ['seed', 'layout', 'columns', 'rows', 'pages', 'items'],
} as const;

const refusals = {
  400: { description: 'A bad count, seed or layout' },
  ...TOKEN_REFUSED,
  403: { description: `No tenant selected, or no Read on ${SCAN_SHEET_PATH} in it` },
} as const;

/** The sheet's preview route contract, also its part of /api/openapi.json (server/api-docs/route-openapi.ts). */
export const SCAN_SHEET_ROUTE_SCHEMA = {
  tags: ['tools'],
  summary: "Random articles of the scope's tenant with the code each barcode encodes (the sheet's preview)",
  querystring: SCAN_SHEET_QUERYSTRING,
  response: { 200: { description: 'The articles in sheet order', ...SCAN_SHEET_SCHEMA }, ...refusals },
} as const;

/** The sheet's PDF route contract: the same query, a file as the answer. */
export const SCAN_SHEET_PDF_ROUTE_SCHEMA = {
  tags: ['tools'],
  summary: 'The same articles as a printable A4 PDF of barcodes (EAN-13 where valid, else Code 128)',
  querystring: SCAN_SHEET_QUERYSTRING,
  response: {
    200: {
      description: 'The PDF, as an attachment named after the seed',
      headers: { 'X-Scan-Sheet-Seed': { schema: { type: 'integer' }, description: 'the seed the articles were picked with' } },
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
    ...refusals,
  },
} as const;
