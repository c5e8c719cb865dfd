/** Where a mail stands (server/identity/outbox.ts). */
export type OutboxState = 'queued' | 'sent' | 'failed';

/** One mail of GET /api/admin/outbox: the text with the tokens of its links masked by the server. */
export interface OutboxMail {
  oid: number;
  to: string;
  subject: string;
  text: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

export interface OutboxPage {
  items: OutboxMail[];
  total: number;
}
