import { ATTACHMENT_INTAKE_BODY, ATTACHMENT_PARAMS, RECEIPT_DOWNLOAD_QUERY } from './download-routes';
import { DOWNLOAD_NAME_MAX_LENGTH, DOWNLOAD_NAME_PATTERN } from './download-name';
import { RECEIPT_FORMATS } from './receipt-download';

const fault = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Error' },
          { type: 'object', required: ['fault'], properties: { fault: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } } },
        ],
      },
    },
  },
});
const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const uid = { name: 'uid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, description: 'the receipt Uid (its document_id)' };
const attachmentParameters = [
  { ...uid, description: '{a}: the receipt Uid' },
  { name: 'kind', in: 'path', required: true, schema: ATTACHMENT_PARAMS.properties.kind, description: '{b}: the attachment kind' },
  { name: 'name', in: 'path', required: true, schema: ATTACHMENT_PARAMS.properties.name, description: "{c}: the attachment's file name as the receipt's attachments member names it" },
];

/** The receipt downloads, the attachment download and the terminals' attachment intake (docs/documents.md). */
export const DOWNLOAD_OPENAPI_PATHS = {
  '/api/download/receipt/{uid}/{name}.{ext}': {
    get: {
      tags: ['documents'],
      summary: 'Download a receipt: html (multipart/mixed, one part per copy), pdf (roll paper), xml, zip or escpos (ESC/POS printer commands, 80 or 58 mm paper); Read on /document/receipt/{type} in its tenant',
      parameters: [
        uid,
        { name: 'name', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: DOWNLOAD_NAME_MAX_LENGTH, pattern: DOWNLOAD_NAME_PATTERN }, description: 'the file name the user wants' },
        { name: 'ext', in: 'path', required: true, schema: { type: 'string', enum: [...RECEIPT_FORMATS] } },
        { name: 'paper', in: 'query', required: false, schema: { type: 'integer', enum: [...RECEIPT_DOWNLOAD_QUERY.properties.paper.enum] }, description: RECEIPT_DOWNLOAD_QUERY.properties.paper.description },
      ],
      responses: {
        200: {
          description: 'The receipt; Content-Disposition attachment with the name (filename and filename*)',
          content: {
            'multipart/mixed': { schema: { type: 'string', description: 'one text/html part per copy, with X-Mate-Copy-Type, X-Mate-Variant and X-Mate-Printed' } },
            'application/pdf': { schema: { type: 'string', format: 'binary' } },
            'application/xml': { schema: { type: 'string' } },
            'application/zip': { schema: { type: 'string', format: 'binary' } },
            'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'escpos: ESC/POS commands for an 80 mm (or `paper`) receipt printer, the copies each cut (docs/receipt-templates.md "ESC/POS")' } },
          },
        },
        400: fault('A Uid that is no UUID, a file name too long or with other characters, an unknown format, a paper other than 58 or 80'),
        401: fault('No caller'),
        403: fault("No Read on the document type's viewer path in the receipt's tenant"),
        404: fault('No such receipt in the caller’s tenants'),
        500: fault('The receipt could not be rendered'),
      },
    },
  },
  '/api/download/receipt-attachment/{uid}/{kind}/{name}': {
    get: {
      tags: ['documents'],
      summary: "Download an attachment of a receipt (signature, voucher) with its stored content type; as the receipt's download",
      parameters: attachmentParameters,
      responses: {
        200: { description: 'The bytes; nosniff, Content-Disposition attachment', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
        400: fault('A Uid that is no UUID, an unknown kind, a name with other characters'),
        401: fault('No caller'),
        403: fault("No Read on the document type's viewer path in the receipt's tenant"),
        404: fault('No such receipt in the caller’s tenants, or no such attachment'),
      },
    },
  },
} as const;

/** The terminals' attachment intake, in the document when the catalogue has POS terminals. */
export const ATTACHMENT_INTAKE_OPENAPI_PATHS = {
  '/api/terminals/receipts/{uid}/attachments/{kind}/{name}': {
    put: {
      tags: ['terminals'],
      summary: "A terminal hands in an attachment its receipt names (HTTP Basic with the terminal's key and secret)",
      security: [{ terminalBasic: [] }],
      parameters: attachmentParameters,
      requestBody: { required: true, content: { 'application/json': { schema: ATTACHMENT_INTAKE_BODY } } },
      responses: {
        200: { description: 'Stored before with the same bytes' },
        201: { description: 'Stored' },
        400: error('Not base64, empty, an unknown kind or content type'),
        401: error('No or wrong terminal credentials'),
        404: error("No such receipt of the terminal's tenant"),
        409: error('The receipt does not name the attachment, or it is stored with other bytes'),
        413: error('More than the size cap'),
        415: error('The bytes are not what the content type says'),
      },
    },
  },
} as const;
