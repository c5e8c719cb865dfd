import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { test } from '@playwright/test';

/** A mail the sink received: its envelope recipients and its text with quoted-printable undone. */
export interface ReceivedMail {
  to: string[];
  text: string;
}

/** Undoes quoted-printable (soft line breaks, =XX bytes) as nodemailer writes a text part, so links read whole. */
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
export function smtpSinkForSpec(env: Record<string, string>): { received: ReceivedMail[] } {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  test.beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    env.MATE_SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?from=mate@example.test`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return { received };
}
