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
