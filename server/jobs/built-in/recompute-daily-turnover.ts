import { TURNOVER_KINDS_SQL } from '../../documents/document-kinds';
import { jobParameters, JobParameterError, type JobDefinition } from '../job-definition';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * recompute-daily-turnover { days }: sums the receipts the tenant's terminals handed in
 * (mate_terminal_document, server/terminals) per UTC day of their creation
 * into mate_turnover_day for the last `days` days up to today, one day per step (progress in days). A day without
 * receipts gets a zero figure, so the dashboard can tell "nothing sold" from "not computed".
 */
export const recomputeDailyTurnover: JobDefinition<{ days: number }> = {
  name: 'recompute-daily-turnover',
  category: 'Reporting',
  description: 'Recomputes the daily turnover of the tenant from its receipts for the given number of days up to today.',
  countUnit: 'days',
  scope: 'tenant',
  parameterSchema: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 366, default: 7 } } },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['days']);
    return { days: jobParameters.integer(values, 'days', 1, 366, 7) };
  },
  async run({ db, tenantOid, parameters, progress, now, signal }) {
    if (tenantOid === null) throw new JobParameterError('The turnover is computed per tenant; this run has none.');
    const today = Math.floor(now() / DAY_MS) * DAY_MS;
    await progress(0, parameters.days);
    for (let index = 0; index < parameters.days; index++) {
      signal.throwIfAborted();
      const from = today - (parameters.days - 1 - index) * DAY_MS;
      const day = new Date(from).toISOString().slice(0, 10);
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into mate_turnover_day (tenant_oid, day, receipt_count, total, computed_at)
           select $1, $2::date, count(*)::int, coalesce(sum(total), 0), $5::timestamptz from mate_terminal_document
           where tenant_oid = $1 and document_type = 'receipt' and kind in (${TURNOVER_KINDS_SQL}) and processing_error is null and created_at >= $3::timestamptz and created_at < $4::timestamptz
           on conflict (tenant_oid, day) do update set receipt_count = excluded.receipt_count, total = excluded.total, computed_at = excluded.computed_at`,
          [tenantOid, day, new Date(from).toISOString(), new Date(from + DAY_MS).toISOString(), new Date(now()).toISOString()],
        );
      });
      await progress(index + 1);
    }
  },
};
