import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { Database } from '../db/database';
import { addFieldError, ApiError, type FieldErrors } from '../lib/api-error';
import { quoteIdent as q } from '../data/sql-names';
import type { TerminalIdentity } from './terminal-credentials';
import { logTerminalEvent } from './terminal-state';
import { RECEIPT_SCHEMA, type Receipt } from './receipt-schema';
import { CASH_MOVEMENT_KINDS, CORRECTION_KINDS } from '../documents/document-kinds';
import { documentProblem, type DocumentTables } from '../documents/document-checks';
import { LINE_COLUMNS, PAYMENT_COLUMNS } from '../documents/document-migrations';
import { bookDocuments } from './terminal-document-processing';

export { RECEIPT_SCHEMA, type Receipt } from './receipt-schema';

const validateShape = addFormats(new Ajv({ allErrors: true, strict: true })).compile<Receipt>(RECEIPT_SCHEMA);

function fieldErrors(errors: readonly ErrorObject[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors.slice(0, 20)) {
    const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : '';
    const extra = error.keyword === 'additionalProperties' ? `/${String(error.params.additionalProperty)}` : '';
    const path = `${error.instancePath}${missing}${extra}`.replace(/^\//, '').replace(/\//g, '.') || 'receipt';
    addFieldError(out, path, error.keyword === 'additionalProperties' ? 'is not a member of a receipt' : (error.message ?? error.keyword));
  }
  return out;
}

/** Cents, so that sums are compared without binary rounding. */
const cents = (amount: number) => Math.round(amount * 100);

const refuse = (message: string, errors: FieldErrors): never => {
  throw new ApiError(400, `The receipt is not valid: ${message}`, { errors });
};

/**
 * The rules of the document's kind (docs/terminals.md "Document kinds"): a return or cancellation names the original
 * it corrects and does not add to the turnover; a cash movement is one line of the movement, without article or
 * tax, paid in cash, a deposit positive and a withdrawal negative; an end of day carries the day's totals (one line
 * per tax rate, no articles). Other kinds name no original.
 */
function checkKind(receipt: Receipt): void {
  const kind = receipt.kind ?? 'sale';
  if (CORRECTION_KINDS.includes(kind)) {
    if (!receipt.references) refuse(`a ${kind} names the original it corrects in references.`, { references: [`is required for a ${kind}`] });
    if (receipt.references?.toLowerCase() === receipt.id.toLowerCase()) refuse(`a ${kind} cannot reference itself.`, { references: ['must name another document'] });
    if (cents(receipt.total) > 0) refuse(`a ${kind}'s total must not be positive (its lines carry a minus sign).`, { total: [`must not be positive for a ${kind}`] });
  } else if (receipt.references !== undefined) {
    refuse('only returns and cancellations reference an original.', { references: [`is not allowed for a ${kind}`] });
  }
  const articleLine = receipt.lines.findIndex((line) => line.articleNumber !== undefined || line.gtin !== undefined);
  if (CASH_MOVEMENT_KINDS.includes(kind)) {
    if (receipt.lines.length !== 1) refuse(`a ${kind} has exactly one line, the movement.`, { lines: ['must hold exactly one line'] });
    if (articleLine >= 0) refuse(`a ${kind} has no articles.`, { 'lines.0': ['must name no article'] });
    if (receipt.lines[0]!.taxRate !== 0) refuse(`a ${kind} carries no tax.`, { 'lines.0.taxRate': ['must be 0'] });
    const sign = Math.sign(receipt.total);
    if (sign !== (kind === 'cash-deposit' ? 1 : -1)) refuse(`a ${kind}'s amount must be ${kind === 'cash-deposit' ? 'positive' : 'negative'}.`, { total: [`must be ${kind === 'cash-deposit' ? 'positive' : 'negative'}`] });
    if (receipt.payments.some((payment) => payment.method !== 'cash')) refuse(`a ${kind} is paid in cash.`, { payments: ['must all be cash'] });
  }
  if (kind === 'end-of-day' && articleLine >= 0) refuse('an end-of-day carries the day\'s totals per tax rate, no articles.', { [`lines.${articleLine}`]: ['must name no article'] });
}

/**
 * Checks a handed-in value against the receipt schema, its sums (the total is the sum of the lines; the payments
 * cover it) and the rules of its kind. Refusals are a 400 whose `errors` name each path, e.g. `lines.0.amount`.
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
  checkKind(value);
  return value;
}

/** Whether the receipt was stored now, or had been handed in before (same id in the tenant). */
export interface ReceiptIntake {
  id: string;
  stored: boolean;
  /** Why the stored document stays unprocessed (it does not fit the tenant's data); absent when it fits. */
  unprocessed?: string;
}

/**
 * Stores a receipt once: the receipt id is unique per tenant, so a terminal that resends after a lost
 * acknowledgement changes nothing. The document, its lines and payments (the reports' rows), its log line and its
 * booking (processed, added to the daily turnover and the reports' totals) are one transaction. The location is the
 * terminal record's at intake, never the terminal's word. A document that does not fit the tenant's data
 * (`documentProblem`) is stored with the reason, is not booked and stays unprocessed until a reprocess books it.
 */
export async function storeReceipt(db: Database, tables: DocumentTables, terminal: TerminalIdentity, receipt: Receipt): Promise<ReceiptIntake> {
  return db.transaction(async (tx) => {
    const problem = await documentProblem(tx, tables, terminal.tenantOid, receipt);
    const body = JSON.stringify(receipt);
    // One statement: the document, then its lines and payments unnested from the same body.
    const inserted = await tx.query<{ oid: string | number }>(
      `with document as (
         insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body,
                                             kind, location_oid, operator, references_id, processing_error, processed_at)
         values ($1, $2, $3, 'receipt', $4, $5, $6, $7, $8::jsonb, $9, (select "LocationOid" from ${q(tables.pos)} where "Oid" = $2), $10, $11, $12::text,
                 case when $12::text is null then now() end)
         on conflict (tenant_oid, document_id) do nothing
         returning oid, tenant_oid, location_oid, terminal_oid, kind, created_at, operator, body
       ), line as (
         insert into mate_document_line (${LINE_COLUMNS})
         select d.oid, d.tenant_oid, d.location_oid, d.terminal_oid, d.kind, d.created_at, l.line_no::int,
                l.value->>'articleNumber', l.value->>'gtin', l.value->>'text',
                (l.value->>'quantity')::numeric(18, 4), (l.value->>'unitPrice')::numeric(18, 4), (l.value->>'amount')::numeric(18, 4),
                (l.value->>'taxRate')::numeric(7, 4), d.operator
           from document d cross join lateral jsonb_array_elements(d.body->'lines') with ordinality as l(value, line_no)
       ), payment as (
         insert into mate_document_payment (${PAYMENT_COLUMNS})
         select d.oid, d.tenant_oid, d.location_oid, d.terminal_oid, d.kind, d.created_at, p.line_no::int, p.value->>'method', (p.value->>'amount')::numeric(18, 4), d.operator
           from document d cross join lateral jsonb_array_elements(d.body->'payments') with ordinality as p(value, line_no)
       )
       select oid from document`,
      [terminal.tenantOid, terminal.terminalOid, receipt.id, receipt.number, receipt.createdAt, receipt.currency, receipt.total, body,
        receipt.kind ?? 'sale', receipt.operator ?? null, receipt.references ?? null, problem ?? null],
    );
    const stored = inserted.rowCount > 0;
    if (stored) {
      await logTerminalEvent(tx, terminal, 'receipt', { id: receipt.id, number: receipt.number, kind: receipt.kind ?? 'sale', total: receipt.total, currency: receipt.currency, ...(problem ? { unprocessed: problem } : {}) });
      if (!problem) await bookDocuments(tx, [Number(inserted.rows[0]!.oid)]);
    }
    return { id: receipt.id, stored, ...(stored && problem ? { unprocessed: problem } : {}) };
  });
}

/**
 * A terminal hands in a value meant as a receipt (over the socket or HTTP): checked, stored once, logged. A refusal
 * is logged too, so that the terminal's log says which receipt did not arrive and why, and then thrown (a 400).
 */
export async function handInReceipt(db: Database, tables: DocumentTables, terminal: TerminalIdentity, value: unknown): Promise<ReceiptIntake> {
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
  return storeReceipt(db, tables, terminal, receipt);
}
