import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { pruneAudit } from './audit-store';

/** How often an instance prunes: the trail grows by the day, so a few times a day is plenty. */
export const AUDIT_PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface AuditRetentionOptions {
  db: Database;
  /** Days a change is kept; 0 keeps every change. */
  days: number;
  /** The clock (tests inject one). */
  now?: () => Date;
}

/**
 * Keeps the audit trail to its retention (MATE_AUDIT_RETENTION_DAYS, docs/audit.md): prunes once the app is up and
 * then every few hours, in batches so no statement holds many rows. Several instances pruning at once delete the same
 * old rows; whichever comes second finds none.
 */
export async function auditRetention(app: FastifyInstance, options: AuditRetentionOptions): Promise<void> {
  if (options.days <= 0) return;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  const prune = () => {
    running ??= pruneAudit(options.db, options.days, now())
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted, days: options.days }, 'pruned the audit trail');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not prune the audit trail'))
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, AUDIT_PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
