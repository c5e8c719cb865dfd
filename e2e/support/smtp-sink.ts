import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { test } from '@playwright/test';

/** A mail the sink received: its envelope recipients and its text (header and body, quoted-printable undone). */
export interface ReceivedMail {
  to: string[];
  text: string;
}

/**
 * The mail with its body's quoted-printable undone (soft line breaks, =XX bytes) when its header says so, so links
 * read whole; a 7bit body is left as it is (its `token=cc...` is no escape).
 */
function readableMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const header = split < 0 ? raw : raw.slice(0, split);
  return /^content-transfer-encoding:\s*quoted-printable/im.test(header) ? header + decodeQuotedPrintable(raw.slice(header.length)) : raw;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A real SMTP peer on 127.0.0.1 for a spec file: it starts before the spec's server (register it first) and sets
 * `env.MATE_SMTP_URL` so the product's mail sender delivers there. The administrators' outbox masks the tokens in
 * links (docs/auth.md), so a test reads a mailed link here, as the user would in their mailbox.
 */
export interface SmtpSink {
  received: ReceivedMail[];
  /** The first answer `find` gives for a received mail, as soon as one arrives; an Error after `timeoutMs`. */
  waitFor<T>(find: (mail: ReceivedMail) => T | undefined, timeoutMs: number): Promise<T>;
}

export function smtpSinkForSpec(env: Record<string, string>): SmtpSink {
  const received: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  let server: SMTPServer | undefined;
  test.beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      // No reverse DNS of the client: with no resolver reachable, the lookup holds the greeting back for seconds.
      disableReverseLookup: true,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail = { to: session.envelope.rcptTo.map((recipient) => recipient.address), text: readableMail(Buffer.concat(chunks).toString('utf8')) };
          received.push(mail);
          callback();
          for (const waiter of [...waiters]) waiter(mail);
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    env.MATE_SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?from=mate@example.test`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  function waitFor<T>(find: (mail: ReceivedMail) => T | undefined, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const already = received.map(find).find((answer) => answer !== undefined);
      if (already !== undefined) return resolve(already);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no mail matched within ${timeoutMs} ms; received: ${JSON.stringify(received)}`));
      }, timeoutMs);
      function check(mail: ReceivedMail): void {
        const answer = find(mail);
        if (answer === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(answer);
      }
      waiters.add(check);
    });
  }
  return { received, waitFor };
}
