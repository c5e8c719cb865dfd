import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ReceiptBody } from './receipt-model';

/** The kinds of attachment a receipt carries (the `{b}` of the attachment download). */
export const ATTACHMENT_KINDS = ['signature', 'voucher', 'other'] as const;
/** One attachment kind. */
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
/**
 * The kind of an attachment the receipt names: its `kind` member when it has one, else by its name (`signature...`,
 * `voucher...`), else `other` (the intake's schema of the receipt has no `kind` member; docs/documents.md).
 */
export function attachmentKindOf(attachment: { kind?: unknown; name: string }): AttachmentKind {
  if (typeof attachment.kind === 'string' && (ATTACHMENT_KINDS as readonly string[]).includes(attachment.kind)) return attachment.kind as AttachmentKind;
  const lower = attachment.name.toLowerCase();
  return lower.startsWith('signature') ? 'signature' : lower.startsWith('voucher') ? 'voucher' : 'other';
}

/** The content types an attachment may have; each is checked against the bytes' own signature. */
export const ATTACHMENT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
/** The largest attachment, in bytes (a signature is a few kB; a scanned voucher fits easily). */
export const ATTACHMENT_MAX_BYTES = 512 * 1024;
/** An attachment's file name: ASCII letters, digits and `. _ -`, starting with a letter or digit. */
export const ATTACHMENT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$';

/** The content type the bytes are, by their magic numbers; undefined for anything else. */
export function sniffContentType(bytes: Uint8Array): (typeof ATTACHMENT_CONTENT_TYPES)[number] | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return undefined;
}

/** An attachment a terminal hands in: which receipt, kind, name, the type it claims and the bytes. */
export interface AttachmentIntake {
  tenantOid: number;
  uid: string;
  kind: AttachmentKind;
  name: string;
  contentType: string;
  bytes: Buffer;
}

const refuse = (status: number, field: string, message: string): never => {
  throw new ApiError(status, message, { errors: { [field]: [message] } });
};

/**
 * Stores an attachment of a stored receipt once (docs/documents.md "Attachments"): the receipt must be the tenant's
 * and name the attachment in its `attachments` member with the same content type; the bytes must be what that type
 * says (sniffed, not trusted) and at most ATTACHMENT_MAX_BYTES. A resend of the same bytes changes nothing (200); other
 * bytes under a stored name are a 409: attachments are immutable like their document.
 */
export async function storeAttachment(db: Queryable, intake: AttachmentIntake): Promise<{ stored: boolean; sha256: string; size: number }> {
  const { bytes } = intake;
  if (bytes.length === 0) refuse(400, 'data', 'The attachment is empty.');
  if (bytes.length > ATTACHMENT_MAX_BYTES) refuse(413, 'data', `The attachment has ${bytes.length} bytes; at most ${ATTACHMENT_MAX_BYTES} are taken.`);
  const sniffed = sniffContentType(bytes);
  if (!sniffed) refuse(415, 'data', `The attachment's bytes are none of ${ATTACHMENT_CONTENT_TYPES.join(', ')}.`);
  if (sniffed !== intake.contentType) refuse(415, 'contentType', `The attachment claims ${intake.contentType.slice(0, 60)} but its bytes are ${sniffed}.`);
  const found = await db.query<{ oid: string | number; body: ReceiptBody | string }>('select oid, body from mate_terminal_document where tenant_oid = $1 and document_id = $2', [intake.tenantOid, intake.uid]);
  const row = found.rows[0];
  if (!row) return refuse(404, 'uid', `The receipt ${intake.uid} was not handed in by this tenant's terminals.`);
  const body = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as ReceiptBody;
  const named = (Array.isArray(body.attachments) ? body.attachments : []).find((a) => a.name === intake.name && attachmentKindOf(a) === intake.kind);
  if (!named) refuse(409, 'name', `The receipt ${intake.uid} names no ${intake.kind} attachment '${intake.name}' in its attachments.`);
  if (named!.contentType !== sniffed) refuse(415, 'contentType', `The receipt names '${intake.name}' as ${named!.contentType.slice(0, 60)}, but its bytes are ${sniffed}.`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const inserted = await db.query(
    `insert into mate_document_attachment (document_oid, tenant_oid, kind, name, content_type, bytes, size, sha256)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (document_oid, kind, name) do nothing returning oid`,
    [row.oid, intake.tenantOid, intake.kind, intake.name, sniffed, bytes, bytes.length, sha256],
  );
  if (inserted.rowCount > 0) return { stored: true, sha256, size: bytes.length };
  const existing = await db.query<{ sha256: string }>('select sha256 from mate_document_attachment where document_oid = $1 and kind = $2 and name = $3', [row.oid, intake.kind, intake.name]);
  if (existing.rows[0]?.sha256 !== sha256) refuse(409, 'data', `The ${intake.kind} attachment '${intake.name}' of receipt ${intake.uid} is stored already with other bytes; attachments cannot change.`);
  return { stored: false, sha256, size: bytes.length };
}

/** A stored attachment as the download answers it. */
export interface StoredAttachment {
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

/**
 * The attachment `kind`/`name` of a document: the stored one, else one the receipt carried inline (`data` in base64 in
 * its `attachments` member) when its bytes are the allowed type it names; else undefined.
 */
export async function readAttachment(db: Queryable, documentOid: number, kind: string, name: string, body?: ReceiptBody): Promise<StoredAttachment | undefined> {
  const stored = await readStoredAttachment(db, documentOid, kind, name);
  if (stored || !body) return stored;
  const inline = (Array.isArray(body.attachments) ? body.attachments : []).find((a) => a.name === name && attachmentKindOf(a) === kind && typeof a.data === 'string');
  if (!inline) return undefined;
  const bytes = Buffer.from(inline.data!, 'base64');
  const sniffed = sniffContentType(bytes);
  if (!sniffed || sniffed !== inline.contentType || bytes.length > ATTACHMENT_MAX_BYTES) return undefined;
  return { contentType: sniffed, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function readStoredAttachment(db: Queryable, documentOid: number, kind: string, name: string): Promise<StoredAttachment | undefined> {
  const found = await db.query<{ content_type: string; bytes: Uint8Array; sha256: string }>(
    'select content_type, bytes, sha256 from mate_document_attachment where document_oid = $1 and kind = $2 and name = $3',
    [documentOid, kind, name],
  );
  const row = found.rows[0];
  return row && { contentType: row.content_type, bytes: Buffer.from(row.bytes), sha256: row.sha256 };
}
