import type { Queryable } from '../db/database';

/** One mail in the outbox. */
export interface OutboxMail {
  oid: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
}

/** Queues a mail. With MATE_SMTP_URL set, mail-sender.ts sends it; administrators and tests read the outbox. */
export async function enqueueMail(db: Queryable, mail: { to: string; subject: string; text: string }): Promise<void> {
  await db.query('insert into mate_outbox (to_address, subject, text) values ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
}

/** The outbox, newest first. */
export async function readOutbox(db: Queryable, limit = 200): Promise<OutboxMail[]> {
  const found = await db.query<{ oid: string | number; to_address: string; subject: string; text: string; created_at: Date | string; sent_at: Date | string | null }>(
    'select oid, to_address, subject, text, created_at, sent_at from mate_outbox order by oid desc limit $1',
    [limit],
  );
  return found.rows.map((row) => ({
    oid: Number(row.oid),
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  }));
}

/** Where a mail stands: waiting (or retrying), delivered, or given up on after the sender's last attempt. */
export type OutboxState = 'queued' | 'sent' | 'failed';

/** The sender's default number of attempts (mail-sender.ts): a mail that used them all is failed. */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** One mail as the outbox page shows it: the text with every one-time token masked. */
export interface OutboxEntry {
  oid: number;
  to: string;
  subject: string;
  text: string;
  state: OutboxState;
  attempts: number;
  /** Why the last attempt failed (also while the mail is still retried). */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

/**
 * Hides the secrets of a mail's links (password reset, invitation, e-mail confirmation): the value of every
 * `token`-like query parameter. The page shows that a link was sent, never a link that would work.
 */
export function maskMailTokens(text: string): string {
  return text.replace(/([?&][\w-]*(?:token|key|code|secret)[\w-]*=)[^&\s]+/gi, '$1••••••');
}

type OutboxRow = { oid: string | number; to_address: string; subject: string; text: string; created_at: Date | string; sent_at: Date | string | null; attempts: number; last_error: string | null; next_attempt_at: Date | string | null };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function entryOf(row: OutboxRow): OutboxEntry {
  const attempts = Number(row.attempts);
  const state: OutboxState = row.sent_at !== null ? 'sent' : attempts >= OUTBOX_MAX_ATTEMPTS ? 'failed' : 'queued';
  return {
    oid: Number(row.oid),
    to: row.to_address,
    subject: row.subject,
    text: maskMailTokens(row.text),
    state,
    attempts,
    lastError: row.last_error,
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
    nextAttemptAt: row.sent_at === null ? iso(row.next_attempt_at) : null,
  };
}

const ENTRY_COLUMNS = 'oid, to_address, subject, text, created_at, sent_at, attempts, last_error, next_attempt_at';

/** A page of the outbox, newest first, and how many mails it holds in all. */
export async function listOutbox(db: Queryable, page: { skip: number; take: number }): Promise<{ items: OutboxEntry[]; total: number }> {
  const found = await db.query<OutboxRow>(`select ${ENTRY_COLUMNS} from mate_outbox order by oid desc offset $1 limit $2`, [page.skip, page.take]);
  const total = await db.query<{ n: string }>('select count(*)::text as n from mate_outbox');
  return { items: found.rows.map(entryOf), total: Number(total.rows[0]!.n) };
}

/** Queues a mail that is not sent again: attempts and the retry delay start over. Undefined when there is no such mail. */
export async function resendMail(db: Queryable, oid: number): Promise<OutboxEntry | 'sent' | undefined> {
  const updated = await db.query<OutboxRow>(
    `update mate_outbox set attempts = 0, next_attempt_at = null, claimed_until = null, last_error = null where oid = $1 and sent_at is null returning ${ENTRY_COLUMNS}`,
    [oid],
  );
  if (updated.rows[0]) return entryOf(updated.rows[0]);
  const exists = await db.query('select 1 from mate_outbox where oid = $1', [oid]);
  return exists.rowCount > 0 ? 'sent' : undefined;
}

/** Deletes a mail (queued ones are then never sent); false when there is none. */
export async function deleteMail(db: Queryable, oid: number): Promise<boolean> {
  return (await db.query('delete from mate_outbox where oid = $1', [oid])).rowCount > 0;
}
