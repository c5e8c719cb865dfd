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

export const SCAN_SHEET_SCHEMA = {
  type: 'object',
  properties: {
    seed: { type: 'integer' },
    layout: { type: 'string' },
    columns: { type: 'integer' },
    rows: { type: 'integer' },
    pages: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          oid: { type: 'integer' },
          text: { type: 'string' },
          articleNumber: { type: ['string', 'null'] },
          code: { type: 'string', description: 'what the barcode encodes' },
          symbology: { type: 'string', enum: ['ean13', 'code128'], description: 'EAN-13 when the GTIN is a valid one, else Code 128' },
        },
        required: ['oid', 'text', 'articleNumber', 'code', 'symbology'],
      },
    },
  },
  required: ['seed', 'layout', 'columns', 'rows', 'pages', 'items'],
} as const;

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const parameters = Object.entries(SCAN_SHEET_QUERYSTRING.properties).map(([name, schema]) => ({ name, in: 'query', schema }));
const refusals = {
  400: errorResponse('A bad count, seed or layout'),
  401: errorResponse('No valid access token'),
  403: errorResponse(`No tenant selected, or no Read on ${SCAN_SHEET_PATH} in it`),
};

/** The scan sheet's routes in the OpenAPI document. */
export const SCAN_SHEET_OPENAPI_PATHS = {
  '/api/scan-sheet': {
    get: {
      tags: ['tools'],
      summary: "Random articles of the scope's tenant with the code each barcode encodes (the sheet's preview)",
      parameters,
      responses: { 200: { description: 'The articles in sheet order', content: { 'application/json': { schema: SCAN_SHEET_SCHEMA } } }, ...refusals },
    },
  },
  '/api/scan-sheet/scan-sheet.pdf': {
    get: {
      tags: ['tools'],
      summary: 'The same articles as a printable A4 PDF of barcodes (EAN-13 where valid, else Code 128)',
      parameters,
      responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...refusals },
    },
  },
} as const;
