import { jobParameters, type JobDefinition } from '../job-definition';

/** Rows deleted per statement: short transactions, and progress the page can show. */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the purge keeps apart: which table, and which of its rows are old enough to go. */
const TARGETS = [
  { table: 'mate_error', key: 'id', old: 'created_at < $1::timestamptz' },
  // Only mail that went out; unsent mail is still work to do.
  { table: 'mate_outbox', key: 'oid', old: 'sent_at is not null and created_at < $1::timestamptz' },
  // Finished runs of jobs; the running ones and this run stay.
  { table: 'mate_job', key: 'oid', old: 'state in (3, 4, 5) and finished_at < $1::timestamptz' },
] as const;

/**
 * purge-old-data { days }: deletes error log rows, sent mails and finished job runs older than `days` days, for the
 * whole installation, in batches with progress in rows.
 */
export const purgeOldData: JobDefinition<{ days: number }> = {
  name: 'purge-old-data',
  category: 'Maintenance',
  description: 'Deletes error log entries, sent mails and finished job runs older than the given number of days.',
  countUnit: 'rows',
  scope: 'global',
  parameterSchema: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 30 } } },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['days']);
    return { days: jobParameters.integer(values, 'days', 1, 3650, 30) };
  },
  async run({ db, parameters, progress, now, signal }) {
    const before = new Date(now() - parameters.days * DAY_MS).toISOString();
    let total = 0;
    for (const target of TARGETS) {
      const counted = await db.query<{ n: number }>(`select count(*)::int as n from ${target.table} where ${target.old}`, [before]);
      total += counted.rows[0]?.n ?? 0;
    }
    await progress(0, total);
    let deleted = 0;
    for (const target of TARGETS) {
      for (;;) {
        signal.throwIfAborted();
        const result = await db.query(
          `delete from ${target.table} where ${target.key} in (select ${target.key} from ${target.table} where ${target.old} limit ${BATCH})`,
          [before],
        );
        if (result.rowCount === 0) break;
        deleted += result.rowCount;
        await progress(deleted, Math.max(total, deleted));
      }
    }
  },
};
