import { DOCUMENT_KINDS, type DocumentKind } from '../documents/document-kinds';

const money = { type: 'number', minimum: -1e9, maximum: 1e9 } as const;
const rate = { type: 'number', minimum: 0, maximum: 100 } as const;
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f]*$' }) as const;

/** The largest HTML of one receipt copy (the whole HTTP body is capped at 256 KiB). */
export const MAX_PART_HTML = 100_000;
/** The largest attachment carried inline, base64 (about 96 KiB of bytes). */
export const MAX_ATTACHMENT_DATA = 131_072;

/**
 * A document as a terminal hands it in (docs/terminals.md "Receipts" and "Document kinds"). Closed objects: an
 * unknown member is refused, not stored. Amounts are in the currency's units with at most four decimals, with the
 * sign the terminal gives them (a return's lines are negative).
 */
export const RECEIPT_SCHEMA = {
  $id: 'mate-terminal-receipt',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'number', 'createdAt', 'currency', 'lines', 'payments', 'total'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', const: 'receipt' },
    kind: { type: 'string', enum: DOCUMENT_KINDS },
    references: { type: 'string', format: 'uuid' },
    number: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 },
    createdAt: { type: 'string', format: 'date-time', maxLength: 40 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    operator: text(40),
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'quantity', 'unitPrice', 'amount', 'taxRate'],
        properties: {
          articleNumber: text(32),
          gtin: { type: 'string', pattern: '^[0-9]{8,14}$' },
          text: text(40),
          quantity: { type: 'number', minimum: -1e6, maximum: 1e6 },
          unitPrice: money,
          amount: money,
          taxRate: rate,
        },
      },
    },
    payments: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['method', 'amount'],
        properties: { method: { type: 'string', enum: ['cash', 'card', 'voucher', 'mobile'] }, amount: money },
      },
    },
    total: money,
    taxes: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['rate', 'amount'],
        properties: { rate, amount: money, net: money, tax: money },
      },
    },
    parts: {
      type: 'array',
      maxItems: 8,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'variant', 'printed'],
        properties: {
          type: { type: 'string', enum: ['customer', 'merchant'] },
          variant: text(40),
          printed: { type: 'boolean' },
          html: { type: 'string', maxLength: MAX_PART_HTML },
        },
      },
    },
    attachments: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'contentType'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' },
          contentType: { type: 'string', maxLength: 100, pattern: '^[a-z]+/[a-z0-9][a-z0-9.+-]*$' },
          description: text(200),
          size: { type: 'integer', minimum: 0, maximum: 100_000_000 },
          data: { type: 'string', maxLength: MAX_ATTACHMENT_DATA, pattern: '^[A-Za-z0-9+/]*={0,2}$' },
        },
      },
    },
  },
} as const;

/** One article line (or, for cash movements and the end of day, a line of the movement or of a tax rate's total). */
export interface ReceiptLine {
  articleNumber?: string;
  gtin?: string;
  text: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  taxRate: number;
}

/** A receipt that passed the schema. */
export interface Receipt {
  id: string;
  type: 'receipt';
  /** `sale` when absent. */
  kind?: DocumentKind;
  /** The Uid (`id`) of the original a return or cancellation corrects. */
  references?: string;
  number: number;
  createdAt: string;
  currency: string;
  operator?: string;
  lines: ReceiptLine[];
  payments: { method: 'cash' | 'card' | 'voucher' | 'mobile'; amount: number }[];
  total: number;
  /** The totals per tax rate, gross (`amount`) and optionally net and tax. */
  taxes?: { rate: number; amount: number; net?: number; tax?: number }[];
  /** The copies as printed or shown: customer and merchant, in a variant (e.g. `full`, `short`). */
  parts?: { type: 'customer' | 'merchant'; variant: string; printed: boolean; html?: string }[];
  /** Files that belong to the document (signatures, scanned vouchers), passed through as sent. */
  attachments?: { name: string; contentType: string; description?: string; size?: number; data?: string }[];
}
