import nodemailer from 'nodemailer';
import type { Database } from '../db/database';
import { OUTBOX_MAX_ATTEMPTS } from './outbox';
import { parseSmtpUrl } from './smtp-url';

/** Where the sender reports (a pino logger fits). Nothing logged carries the SMTP password. */
export interface MailSenderLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Tuning, mostly for tests. */
export interface MailSenderOptions {
  /** Sender address; default the URL's `?from=`, else `mate@<host>`. */
  from?: string;
  /** Pause between rounds when the outbox had nothing to send (default 5 s). */
  intervalMs?: number;
  /** Delay before the first retry; doubled per failure, at most one hour (default 30 s). */
  retryBaseMs?: number;
  /** After this many failures a mail is left alone (default 10); `last_error` says why. */
  maxAttempts?: number;
  batchSize?: number;
}

interface Claimed {
  oid: string | number;
  to_address: string;
  subject: string;
  text: string;
  attempts: number;
}

/**
 * Sends the outbox by SMTP (MATE_SMTP_URL). Each round claims a batch of unsent mails (a claim lasts five minutes and
 * is taken with SKIP LOCKED, so several instances never send the same mail at once), sends them one by one, marks
 * each sent (`sent_at`) or, on failure, counts the attempt and sets the next one after a doubling delay. Answers the
 * stop function, which waits for the round in progress.
 */
export function startMailSender(db: Database, smtpUrl: string, log: MailSenderLog, options: MailSenderOptions = {}): () => Promise<void> {
  const smtp = parseSmtpUrl(smtpUrl);
  const from = options.from ?? smtp.from ?? `mate@${smtp.host}`;
  const intervalMs = options.intervalMs ?? 5000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const batchSize = options.batchSize ?? 20;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
  });
  // Error texts of the transport could echo what it was given; never let the password reach a log line.
  const redact = (text: string) => (smtp.pass ? text.split(smtp.pass).join('[redacted]') : text).split(smtpUrl).join('[MATE_SMTP_URL]');

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  async function sendOne(mail: Claimed): Promise<void> {
    try {
      await transport.sendMail({ from, to: mail.to_address, subject: mail.subject, text: mail.text });
      await db.query('update mate_outbox set sent_at = now(), claimed_until = null, last_error = null where oid = $1', [mail.oid]);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delay = Math.min(retryBaseMs * 2 ** (attempts - 1), 3_600_000);
      const message = redact(error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db.query(
        `update mate_outbox set attempts = $2, last_error = $3, claimed_until = null, next_attempt_at = now() + ($4::bigint * interval '1 millisecond') where oid = $1`,
        [mail.oid, attempts, message, delay],
      );
      const fields = { outboxOid: Number(mail.oid), attempts, smtpHost: smtp.host, error: message };
      if (attempts >= maxAttempts) log.error(fields, 'could not send a mail; giving up on it');
      else log.warn({ ...fields, retryInMs: delay }, 'could not send a mail; will retry');
    }
  }

  async function sendRound(): Promise<number> {
    const claimed = await db.query<Claimed>(
      `update mate_outbox set claimed_until = now() + interval '5 minutes' where oid in (
         select oid from mate_outbox
          where sent_at is null and attempts < $1 and (next_attempt_at is null or next_attempt_at <= now())
            and (claimed_until is null or claimed_until < now())
          order by oid limit $2 for update skip locked)
       returning oid, to_address, subject, text, attempts`,
      [maxAttempts, batchSize],
    );
    for (const mail of [...claimed.rows].sort((a, b) => Number(a.oid) - Number(b.oid))) {
      if (stopped) break;
      await sendOne(mail);
    }
    return claimed.rowCount;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      round = sendRound()
        .then((sent) => schedule(sent >= batchSize ? 0 : intervalMs))
        .catch((error: unknown) => {
          log.error({ error: redact(error instanceof Error ? error.message : String(error)) }, 'the mail sender could not read the outbox');
          schedule(intervalMs);
        });
    }, ms);
  }

  log.info({ smtpHost: smtp.host, smtpPort: smtp.port, from }, 'sending the outbox by SMTP');
  schedule(0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await round.catch(() => undefined);
    transport.close();
  };
}
