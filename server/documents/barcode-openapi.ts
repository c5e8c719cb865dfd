import { BARCODE_QUERY } from './barcode-routes';
import { CODE128_MAX_LENGTH, QR_MAX_BYTES } from './barcode-request';

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** `GET /api/barcode/{text}.{ext}` in the OpenAPI document (docs/api.md "Barcodes"). */
export const BARCODE_OPENAPI_PATHS = {
  '/api/barcode/{text}.{ext}': {
    get: {
      tags: ['documents'],
      summary: 'Draw a barcode (EAN-13, Code 128, QR) as PNG or SVG; any signed-in caller',
      parameters: [
        {
          name: 'text',
          in: 'path',
          required: true,
          schema: { type: 'string', minLength: 1 },
          description: `percent-encoded; EAN-13: 12 digits (the check digit is added) or 13 (it is checked); Code 128: printable ASCII, at most ${CODE128_MAX_LENGTH}; QR: any text, at most ${QR_MAX_BYTES} bytes in UTF-8`,
        },
        { name: 'ext', in: 'path', required: true, schema: { type: 'string', enum: ['png', 'svg'] } },
        ...Object.entries(BARCODE_QUERY.properties).map(([name, schema]) => ({ name, in: 'query', schema })),
        { name: 'If-None-Match', in: 'header', schema: { type: 'string' } },
      ],
      responses: {
        200: {
          description: 'The picture; ETag by content, Cache-Control private immutable',
          content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/svg+xml': { schema: { type: 'string' } } },
        },
        304: { description: 'Unchanged (If-None-Match)' },
        400: error('A text the symbology cannot carry (wrong EAN-13 length or check digit, characters, too long), an unknown type or format, an option out of bounds'),
        401: error('No caller'),
      },
    },
  },
} as const;
