import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import bwipjs from 'bwip-js/node';
import { drawBarcode } from './barcode-image';
import { parseBarcodeRequest, type BarcodeType } from './barcode-request';
import { BARCODE_ROUTE_SCHEMA } from './barcode-schemas';

interface BarcodeQuery {
  type: BarcodeType;
  scale: number;
  height: number;
  includetext: boolean;
}

const CONTENT_TYPES = { png: 'image/png', svg: 'image/svg+xml' } as const;

/**
 * `GET /api/barcode/{text}.{ext}` draws EAN-13, Code 128 or QR (`?type=`) as PNG or SVG. Any signed-in caller: the
 * picture holds only the text the caller sent, no data of a tenant, so no page permission guards it (authentication
 * still does, so that the server draws for its users only). The answer depends on nothing but the URL: its ETag is a
 * hash of what was asked (and the encoder's version), so a client revalidates without the server drawing again.
 */
export async function barcodeRoutes(app: FastifyInstance): Promise<void> {
  // A wildcard, not `:name`: a parameter is cut at 100 characters (414), and a QR text percent-encoded takes up to 9,000.
  app.get<{ Params: { '*': string }; Querystring: BarcodeQuery }>(
    '/api/barcode/*',
    { schema: BARCODE_ROUTE_SCHEMA },
    async (request, reply) => {
      const { type, scale, height, includetext } = request.query;
      const barcode = parseBarcodeRequest(request.params['*'], type);
      const look = { scale, height, includeText: includetext };
      const etag = `"${createHash('sha256').update(JSON.stringify([bwipjs.BWIPJS_VERSION, bwipjs.BWIPP_VERSION, barcode, look])).digest('base64url').slice(0, 32)}"`;
      reply
        .header('etag', etag)
        // Private: the route answers signed-in callers only; immutable: the same URL always draws the same picture.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
      const image = await drawBarcode(barcode, look);
      // An SVG opened on its own runs nothing and loads nothing (bwip-js writes paths only; this holds if that changed).
      if (barcode.format === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type(CONTENT_TYPES[barcode.format]).send(image);
    },
  );
}
