// The receipt downloads', the attachment download's and the terminals' attachment intake's route contracts
// (docs/documents.md); the OpenAPI document is generated from them (server/api-docs/route-openapi.ts).
import { errorResponses } from '../api-docs/openapi-fragments';
import { ATTACHMENT_CONTENT_TYPES, ATTACHMENT_KINDS, ATTACHMENT_MAX_BYTES, ATTACHMENT_NAME_PATTERN } from './document-attachments';
import { DOWNLOAD_NAME_MAX_LENGTH, DOWNLOAD_NAME_PATTERN } from './download-name';
import { PAPER_WIDTHS } from './paper-width';
import { RECEIPT_FORMATS } from './receipt-download';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The path parameters of the receipt download: the Uid and `{name}.{ext}` in one segment (split at the last dot; `.escpos` is the longest extension). */
export const RECEIPT_DOWNLOAD_PARAMS = {
  type: 'object',
  required: ['uid', 'file'],
  properties: {
    uid: { type: 'string', pattern: UUID, description: 'the receipt Uid (its document_id)' },
    // The name and the format are checked by the handler, so that a refusal names which of the two is at fault.
    file: {
      type: 'string',
      minLength: 1,
      maxLength: DOWNLOAD_NAME_MAX_LENGTH + 7,
      description: `{name}.{ext}: the file name the user wants (at most ${DOWNLOAD_NAME_MAX_LENGTH} characters matching ${DOWNLOAD_NAME_PATTERN}) and the format, one of ${RECEIPT_FORMATS.join(', ')}`,
    },
  },
} as const;

/** The POS setting that says the paper of the receipt printer (server/metadata/pos-settings.json). */
export const PAPER_WIDTH_SETTING = 'receipt.paperWidth';

/** The query of the receipt download: `paper`, the printer's paper width in mm for .escpos (else the terminal's setting). */
export const RECEIPT_DOWNLOAD_QUERY = {
  type: 'object',
  properties: { paper: { type: 'integer', enum: [...PAPER_WIDTHS], description: `escpos: the paper width in mm; without it, the POS setting ${PAPER_WIDTH_SETTING} of the receipt's terminal` } },
} as const;

/** The path parameters of the attachment download `{a}/{b}/{c}`: receipt Uid, attachment kind, attachment name. */
export const ATTACHMENT_PARAMS = {
  type: 'object',
  required: ['uid', 'kind', 'name'],
  properties: {
    uid: { type: 'string', pattern: UUID, description: '{a}: the receipt Uid' },
    kind: { type: 'string', enum: [...ATTACHMENT_KINDS], description: '{b}: the attachment kind' },
    name: { type: 'string', pattern: ATTACHMENT_NAME_PATTERN, description: "{c}: the attachment's file name as the receipt's attachments member names it" },
  },
} as const;

/** The body of the attachment intake: the content type the terminal claims and the bytes in base64. */
export const ATTACHMENT_INTAKE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['contentType', 'data'],
  properties: {
    contentType: { type: 'string', enum: [...ATTACHMENT_CONTENT_TYPES] },
    data: { type: 'string', minLength: 4, maxLength: Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 8, pattern: '^[A-Za-z0-9+/]*={0,2}$' },
  },
} as const;

/**
 * A refused download: the product's error shape with the fault member `{ fault: { reason } }` (download-fault.ts).
 * Written out rather than a reference to the document's Error schema, because Fastify serialises the answer with it;
 * nothing required and further members kept, so the serialiser leaves every error body as the handler made it.
 */
const fault = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        additionalProperties: true,
        properties: {
          status: { type: 'integer' },
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          fault: { type: 'object', properties: { reason: { type: 'string', description: 'the message again, for the browser' } } },
        },
      },
    },
  },
});

const binary = { schema: { type: 'string', format: 'binary' } } as const;

export const RECEIPT_DOWNLOAD_ROUTE_SCHEMA = {
  tags: ['documents'],
  summary: 'Download a receipt: html (multipart/mixed, one part per copy), pdf (roll paper), xml, zip or escpos (ESC/POS printer commands, 80 or 58 mm paper); Read on /document/receipt/{type} in its tenant',
  params: RECEIPT_DOWNLOAD_PARAMS,
  querystring: RECEIPT_DOWNLOAD_QUERY,
  response: {
    200: {
      description: 'The receipt; Content-Disposition attachment with the name (filename and filename*)',
      content: {
        'multipart/mixed': { schema: { type: 'string', description: 'one text/html part per copy, with X-Mate-Copy-Type, X-Mate-Variant and X-Mate-Printed' } },
        'application/pdf': binary,
        'application/xml': { schema: { type: 'string' } },
        'application/zip': binary,
        'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'escpos: ESC/POS commands for an 80 mm (or `paper`) receipt printer, the copies each cut (docs/receipt-templates.md "ESC/POS")' } },
      },
    },
    400: fault('A Uid that is no UUID, a file name too long or with other characters, an unknown format, a paper other than 58 or 80'),
    401: fault('No caller'),
    403: fault("No Read on the document type's viewer path in the receipt's tenant"),
    404: fault('No such receipt in the caller’s tenants'),
    500: fault('The receipt could not be rendered'),
  },
} as const;

export const ATTACHMENT_DOWNLOAD_ROUTE_SCHEMA = {
  tags: ['documents'],
  summary: "Download an attachment of a receipt (signature, voucher) with its stored content type; as the receipt's download",
  params: ATTACHMENT_PARAMS,
  response: {
    200: { description: 'The bytes; nosniff, Content-Disposition attachment', content: { 'image/png': binary, 'image/jpeg': binary, 'application/pdf': binary } },
    400: fault('A Uid that is no UUID, an unknown kind, a name with other characters'),
    401: fault('No caller'),
    403: fault("No Read on the document type's viewer path in the receipt's tenant"),
    404: fault('No such receipt in the caller’s tenants, or no such attachment'),
  },
} as const;


/** Served when the catalogue has POS terminals (server/terminals); its security scheme is theirs. */
export const ATTACHMENT_INTAKE_ROUTE_SCHEMA = {
  tags: ['terminals'],
  summary: "A terminal hands in an attachment its receipt names (HTTP Basic with the terminal's key and secret)",
  security: [{ terminalBasic: [] }],
  params: ATTACHMENT_PARAMS,
  body: ATTACHMENT_INTAKE_BODY,
  response: {
    // Members listed for the document; further ones kept, so the serialiser leaves the answer as the handler made it.
    200: { description: 'Stored before with the same bytes', type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' }, stored: { type: 'boolean' }, sha256: { type: 'string' }, size: { type: 'integer' } } },
    201: { description: 'Stored', type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' }, stored: { type: 'boolean' }, sha256: { type: 'string' }, size: { type: 'integer' } } },
    ...errorResponses({
      400: 'Not base64, empty, an unknown kind or content type',
      401: 'No or wrong terminal credentials',
      404: "No such receipt of the terminal's tenant",
      409: 'The receipt does not name the attachment, or it is stored with other bytes',
      413: 'More than the size cap',
      415: 'The bytes are not what the content type says',
    }),
  },
} as const;
