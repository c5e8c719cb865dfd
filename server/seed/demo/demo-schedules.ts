import type { Queryable } from '../../db/database';
import { parseCron } from '../../jobs/cron';
import { saveSchedule } from '../../jobs/job-store';

/**
 * The schedules a demo installation starts with (docs/demo-data.md), so that a fresh `npm start` shows scheduled
 * runs on the bridge page within minutes: per tenant the document processing every 5 minutes, the turnover nightly
 * and a configuration push in the morning; for the installation a weekly purge. Times in UTC.
 */
export const DEMO_TENANT_SCHEDULES = [
  { name: 'reprocess-unprocessed-documents', cron: '*/5 * * * *', parameters: {} },
  { name: 'recompute-daily-turnover', cron: '15 2 * * *', parameters: { days: 7 } },
  { name: 'push-terminal-configuration', cron: '0 5 * * *', parameters: { waitSeconds: 30 } },
] as const;
export const DEMO_GLOBAL_SCHEDULES = [{ name: 'purge-old-data', cron: '30 3 * * 0', parameters: { days: 30 } }] as const;

/** Adds the demo schedules for the tenants; answers how many. Each first fires at its next match after `now`. */
export async function seedDemoSchedules(db: Queryable, tenantOids: readonly number[], now: number): Promise<number> {
  let count = 0;
  const add = async (schedule: { name: string; cron: string; parameters: object }, tenantOid: number | null) => {
    await saveSchedule(db, { name: schedule.name, tenantOid, cron: schedule.cron, parameters: schedule.parameters, firstRunAt: parseCron(schedule.cron).next(now) });
    count += 1;
  };
  for (const tenantOid of tenantOids) for (const schedule of DEMO_TENANT_SCHEDULES) await add(schedule, tenantOid);
  for (const schedule of DEMO_GLOBAL_SCHEDULES) await add(schedule, null);
  return count;
}
