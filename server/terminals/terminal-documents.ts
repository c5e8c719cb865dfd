import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { Database } from '../db/database';
import { ApiError, type FieldErrors } from '../lib/api-error';
import type { TerminalIdentity } from './terminal-credentials';
import { logTerminalEvent } from './terminal-state';

const money = { type: 'number', minimum: -1e9, maximum: 1e9 } as const;
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f]*$' }) as const;

/**
 * A receipt as a terminal hands it in (docs/terminals.md). Closed objects: an unknown member is refused, not
 * stored. Amounts are in the currency's units with at most four decimals.
 */
export const RECEIPT_SCHEMA = {
  $id: 'mate-terminal-receipt',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'number', 'createdAt', 'currency', 'lines', 'payments', 'total'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', const: 'receipt' },
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
          taxRate: { type: 'number', minimum: 0, maximum: 100 },
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
  },
} as const;

/** A receipt that passed the schema. */
export interface Receipt {
  id: string;
  type: 'receipt';
  number: number;
  createdAt: string;
  currency: string;
  operator?: string;
  lines: { articleNumber?: string; gtin?: string; text: string; quantity: number; unitPrice: number; amount: number; taxRate: number }[];
  payments: { method: 'cash' | 'card' | 'voucher' | 'mobile'; amount: number }[];
  total: number;
}

const validateShape = addFormats(new Ajv({ allErrors: true, strict: true })).compile<Receipt>(RECEIPT_SCHEMA);

function fieldErrors(errors: readonly ErrorObject[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors.slice(0, 20)) {
    const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : '';
    const extra = error.keyword === 'additionalProperties' ? `/${String(error.params.additionalProperty)}` : '';
    const path = `${error.instancePath}${missing}${extra}`.replace(/^\//, '').replace(/\//g, '.') || 'receipt';
    (out[path] ??= []).push(error.keyword === 'additionalProperties' ? 'is not a member of a receipt' : (error.message ?? error.keyword));
  }
  return out;
}

/** Cents, so that sums are compared without binary rounding. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * Checks a handed-in value against the receipt schema and its sums (the total is the sum of the lines; the payments
 * cover it). Refusals are a 400 whose `errors` name each path, e.g. `lines.0.amount`.
 */
export function parseReceipt(value: unknown): Receipt {
  if (!validateShape(value)) {
    const errors = fieldErrors(validateShape.errors ?? []);
    throw new ApiError(400, `The receipt is not valid: ${Object.entries(errors).map(([path, messages]) => `${path} ${messages[0]}`).slice(0, 3).join('; ')}.`, { errors });
  }
  if (Number.isNaN(Date.parse(value.createdAt))) throw new ApiError(400, 'The receipt is not valid: createdAt is not a date.', { errors: { createdAt: ['must be a date-time'] } });
  const lineSum = value.lines.reduce((sum, line) => sum + cents(line.amount), 0);
  if (lineSum !== cents(value.total)) throw new ApiError(400, `The receipt's total ${value.total} is not the sum of its lines (${lineSum / 100}).`, { errors: { total: ['must be the sum of the line amounts'] } });
  const paid = value.payments.reduce((sum, payment) => sum + cents(payment.amount), 0);
  if (paid < cents(value.total)) throw new ApiError(400, `The receipt's payments (${paid / 100}) do not cover its total ${value.total}.`, { errors: { payments: ['must cover the total'] } });
  return value;
}

/** Whether the receipt was stored now, or had been handed in before (same id in the tenant). */
export interface ReceiptIntake {
  id: string;
  stored: boolean;
}

/**
 * Stores a receipt once: the receipt id is unique per tenant, so a terminal that resends after a lost
 * acknowledgement changes nothing. Receipt and its log line are one transaction.
 */
export async function storeReceipt(db: Database, terminal: TerminalIdentity, receipt: Receipt): Promise<ReceiptIntake> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body)
       values ($1, $2, $3, 'receipt', $4, $5, $6, $7, $8) on conflict (tenant_oid, document_id) do nothing returning oid`,
      [terminal.tenantOid, terminal.terminalOid, receipt.id, receipt.number, receipt.createdAt, receipt.currency, receipt.total, JSON.stringify(receipt)],
    );
    const stored = inserted.rowCount > 0;
    if (stored) await logTerminalEvent(tx, terminal, 'receipt', { id: receipt.id, number: receipt.number, total: receipt.total, currency: receipt.currency });
    return { id: receipt.id, stored };
  });
}

/**
 * A terminal hands in a value meant as a receipt (over the socket or HTTP): checked, stored once, logged. A refusal
 * is logged too, so that the terminal's log says which receipt did not arrive and why, and then thrown (a 400).
 */
export async function handInReceipt(db: Database, terminal: TerminalIdentity, value: unknown): Promise<ReceiptIntake> {
  let receipt: Receipt;
  try {
    receipt = parseReceipt(value);
  } catch (error) {
    if (error instanceof ApiError) {
      const id = (value as { id?: unknown } | null)?.id;
      await logTerminalEvent(db, terminal, 'refused', { id: typeof id === 'string' ? id.slice(0, 100) : null, message: error.message.slice(0, 500) });
    }
    throw error;
  }
  return storeReceipt(db, terminal, receipt);
}
