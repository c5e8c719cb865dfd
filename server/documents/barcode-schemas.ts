// The barcode route's contract (docs/api.md "Barcodes"), also its part of /api/openapi.json
// (server/api-docs/route-openapi.ts). The route is registered as `/api/barcode/*` and documented as the path callers
// write, `/api/barcode/{text}.{ext}`: its handler parses the rest of the path itself (barcode-request.ts).
import { errorResponses } from '../api-docs/openapi-fragments';
import { BARCODE_FORMATS, BARCODE_TYPES, CODE128_MAX_LENGTH, QR_MAX_BYTES } from './barcode-request';

/** The query of `GET /api/barcode/{text}.{ext}`: symbology and look, each bounded. */
export const BARCODE_QUERY = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: [...BARCODE_TYPES], default: 'code128', description: 'the symbology' },
    scale: { type: 'integer', minimum: 1, maximum: 8, default: 2, description: 'pixels per module' },
    height: { type: 'integer', minimum: 5, maximum: 50, default: 15, description: 'bar height in millimetres (EAN-13, Code 128)' },
    includetext: { type: 'boolean', default: true, description: 'the human-readable text under the bars (EAN-13, Code 128)' },
  },
} as const;

/** The path's parts as the document names them; only described, the handler checks them (and says which is wrong). */
const BARCODE_PATH_PARAMS = {
  type: 'object',
  properties: {
    text: {
      type: 'string',
      minLength: 1,
      description: `percent-encoded; EAN-13: 12 digits (the check digit is added) or 13 (it is checked); Code 128: printable ASCII, at most ${CODE128_MAX_LENGTH}; QR: any text, at most ${QR_MAX_BYTES} bytes in UTF-8`,
    },
    ext: { type: 'string', enum: [...BARCODE_FORMATS] },
  },
  required: ['text', 'ext'],
} as const;

/**
 * The conditional header. Only described: a header always arrives as text and the handler compares each tag in it,
 * so the schema refuses nothing the route took before. Fastify names headers in lower case.
 */
const BARCODE_HEADERS = {
  type: 'object',
  properties: { 'if-none-match': { type: 'string', description: 'ETags of pictures held: 304 without drawing when one is this picture' } },
} as const;

/** `GET /api/barcode/{text}.{ext}`. */
export const BARCODE_ROUTE_SCHEMA = {
  tags: ['documents'],
  summary: 'Draw a barcode (EAN-13, Code 128, QR) as PNG or SVG; any signed-in caller',
  documentedPath: { path: '/api/barcode/{text}.{ext}', params: BARCODE_PATH_PARAMS },
  querystring: BARCODE_QUERY,
  headers: BARCODE_HEADERS,
  response: {
    200: {
      description: 'The picture; ETag by content, Cache-Control private immutable',
      content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/svg+xml': { schema: { type: 'string' } } },
    },
    304: { description: 'Unchanged (If-None-Match)' },
    ...errorResponses({
      400: 'A text the symbology cannot carry (wrong EAN-13 length or check digit, characters, too long), an unknown type or format, an option out of bounds',
      401: 'No caller',
      403: 'A scope header naming a tenant not yours',
    }),
  },
} as const;
