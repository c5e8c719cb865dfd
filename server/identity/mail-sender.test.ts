import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrations';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { startMailSender, type MailSenderLog } from './mail-sender';
import { parseSmtpUrl } from './smtp-url';
import { enqueueMail, readOutbox } from './outbox';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP peer on 127.0.0.1 that wants user "mate" / password "s3cret", optionally refusing the first n mails. */
async function smtpPeer(refuseFirst = 0): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mate' && auth.password === 's3cret') callback(null, { user: 'mate' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < refuseFirst) {
          refused++;
          const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function memoryLog(): MailSenderLog & { lines: string[] } {
  const lines: string[] = [];
  const write = (object: object, message: string) => void lines.push(`${message} ${JSON.stringify(object)}`);
  return { lines, info: write, warn: write, error: write };
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}

describe('mail sender', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await migrate(database.db, ALL_MIGRATIONS);
  });
  afterAll(() => database.drop());

  it('reads MATE_SMTP_URL and refuses other schemes naming the variable', () => {
    expect(parseSmtpUrl('smtp://u%40x:p%3Aw@mail.example:2525?from=shop@example.com')).toEqual({
      host: 'mail.example', port: 2525, secure: false, user: 'u@x', pass: 'p:w', from: 'shop@example.com',
    });
    expect(parseSmtpUrl('smtps://mail.example')).toMatchObject({ port: 465, secure: true, user: undefined });
    expect(() => parseSmtpUrl('http://mail.example')).toThrow(/MATE_SMTP_URL/);
    expect(() => parseSmtpUrl('not a url')).toThrow(/MATE_SMTP_URL/);
  });

  it('sends unsent mails and marks them sent', async () => {
    const peer = await smtpPeer();
    await database.db.query('delete from mate_outbox');
    await enqueueMail(database.db, { to: 'ann@example.test', subject: 'Hello Ann', text: 'first mail' });
    await enqueueMail(database.db, { to: 'bob@example.test', subject: 'Hello Bob', text: 'second mail' });
    const stop = startMailSender(database.db, `smtp://mate:s3cret@127.0.0.1:${peer.port}?from=mate@shop.example`, memoryLog(), { intervalMs: 20 });
    try {
      await until(async () => (await readOutbox(database.db)).every((m) => m.sentAt !== null));
      expect(peer.received.map((r) => r.to)).toEqual([['ann@example.test'], ['bob@example.test']]);
      expect(peer.received[0]!.from).toBe('mate@shop.example');
      expect(peer.received[0]!.data).toContain('Subject: Hello Ann');
      expect(peer.received[0]!.data).toContain('first mail');
      // A mail sent is never sent again.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(peer.received).toHaveLength(2);
    } finally {
      await stop();
      await peer.close();
    }
  });

  it('retries a refused mail after a delay and logs the failure without the password', async () => {
    const peer = await smtpPeer(1);
    await database.db.query('delete from mate_outbox');
    await enqueueMail(database.db, { to: 'cat@example.test', subject: 'Retry', text: 'again' });
    const log = memoryLog();
    const stop = startMailSender(database.db, `smtp://mate:s3cret@127.0.0.1:${peer.port}`, log, { intervalMs: 20, retryBaseMs: 300 });
    try {
      await until(async () => (await database.db.query<{ attempts: number }>('select attempts from mate_outbox')).rows[0]?.attempts === 1);
      const failed = (await database.db.query<{ last_error: string; sent_at: Date | null; wait: number }>(
        `select last_error, sent_at, extract(epoch from next_attempt_at - now()) * 1000 as wait from mate_outbox`,
      )).rows[0]!;
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toMatch(/451|busy/i);
      expect(Number(failed.wait)).toBeGreaterThan(0);
      expect(peer.received).toHaveLength(0);
      await until(async () => (await readOutbox(database.db))[0]!.sentAt !== null);
      expect(peer.received).toHaveLength(1);
      expect(log.lines.some((line) => line.startsWith('could not send a mail; will retry'))).toBe(true);
      expect(log.lines.join('\n')).not.toContain('s3cret');
    } finally {
      await stop();
      await peer.close();
    }
  });

  it('counts a refused sign-in at the SMTP server as a failure and never logs the password', async () => {
    const peer = await smtpPeer();
    await database.db.query('delete from mate_outbox');
    await enqueueMail(database.db, { to: 'dan@example.test', subject: 'Auth', text: 'nope' });
    const log = memoryLog();
    const stop = startMailSender(database.db, `smtp://mate:wrong-pass-123@127.0.0.1:${peer.port}`, log, { intervalMs: 20, retryBaseMs: 60_000 });
    try {
      await until(async () => (await database.db.query<{ attempts: number }>('select attempts from mate_outbox')).rows[0]?.attempts === 1);
      expect(peer.received).toHaveLength(0);
      expect((await readOutbox(database.db))[0]!.sentAt).toBeNull();
      expect(log.lines.join('\n')).not.toContain('wrong-pass-123');
    } finally {
      await stop();
      await peer.close();
    }
  });
});
