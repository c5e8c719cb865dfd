import { describe, expect, it } from 'vitest';
import { nextOutboxSort, shownMails } from './outbox-rows';
import type { OutboxMail } from './outbox-types';

const mail = (oid: number, over: Partial<OutboxMail>): OutboxMail => ({
  oid,
  to: `user${oid}@example.test`,
  subject: `Subject ${oid}`,
  text: '',
  state: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: `2026-01-0${oid}T10:00:00.000Z`,
  sentAt: null,
  nextAttemptAt: null,
  ...over,
});

const mails = [
  mail(1, { state: 'sent', sentAt: '2026-01-01T10:01:00.000Z', subject: 'Welcome' }),
  mail(2, { state: 'failed', attempts: 10, lastError: 'connect ECONNREFUSED', subject: 'Reset your password' }),
  mail(3, { to: 'Zoe@example.test', subject: 'invitation' }),
];

describe('the outbox grid rows', () => {
  it('filters by state and by text in recipient, subject or failure reason, ignoring case', () => {
    const sort = { column: 'createdAt', descending: true } as const;
    expect(shownMails(mails, { text: '', state: 'failed' }, sort).map((m) => m.oid)).toEqual([2]);
    expect(shownMails(mails, { text: 'econnrefused' }, sort).map((m) => m.oid)).toEqual([2]);
    expect(shownMails(mails, { text: 'zoe' }, sort).map((m) => m.oid)).toEqual([3]);
    expect(shownMails(mails, { text: '  ' }, sort).map((m) => m.oid)).toEqual([3, 2, 1]);
  });

  it('sorts by state with failed mails first, by subject ignoring case, unsent last by sent time', () => {
    expect(shownMails(mails, { text: '' }, { column: 'state', descending: false }).map((m) => m.state)).toEqual(['failed', 'queued', 'sent']);
    expect(shownMails(mails, { text: '' }, { column: 'subject', descending: false }).map((m) => m.oid)).toEqual([3, 2, 1]);
    expect(shownMails(mails, { text: '' }, { column: 'sentAt', descending: false }).map((m) => m.oid)).toEqual([1, 3, 2]);
  });

  it('flips a column on a second click; dates start newest first', () => {
    expect(nextOutboxSort({ column: 'to', descending: false }, 'to')).toEqual({ column: 'to', descending: true });
    expect(nextOutboxSort({ column: 'to', descending: false }, 'createdAt')).toEqual({ column: 'createdAt', descending: true });
    expect(nextOutboxSort({ column: 'createdAt', descending: true }, 'attempts')).toEqual({ column: 'attempts', descending: false });
  });
});
