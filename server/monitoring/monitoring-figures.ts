import { JOB_STATE } from '../../schemas/bridge-wire';
import type { BuildInfo } from '../build-info';
import type { Database } from '../db/database';
import type { RequestFigures } from './request-tally';

/** Everything the monitoring page and GET /metrics show; docs/monitoring.md lists what each figure means. */
export interface MonitoringFigures {
  readAt: string;
  version: string;
  buildDate: string;
  uptimeSeconds: number;
  requests: RequestFigures;
  jobs: { queued: number; running: number; failed: number };
  hub: { connections: number | null };
  database: { kind: 'pglite' | 'postgres'; sizeBytes: number | null; connections: { active: number; idle: number; total: number } | null };
  /** MATE_MONITORING_URL: an external dashboard the page frames instead, when configured. */
  externalUrl: string | null;
}

/** The parts outside the database the figures need. */
export interface FigureSources {
  db: Database;
  buildInfo: BuildInfo;
  requests: () => RequestFigures;
  /** Open hub connections of this instance; undefined when the hub is not served. */
  hubConnections: () => number | undefined;
  externalUrl: string | null;
  now?: () => Date;
}

async function jobCounts(db: Database): Promise<MonitoringFigures['jobs']> {
  const found = await db.query<{ state: number; n: string }>('select state, count(*)::text as n from mate_job where state in ($1, $2, $3) group by state', [
    JOB_STATE.queued,
    JOB_STATE.running,
    JOB_STATE.failed,
  ]);
  const of = (state: number) => Number(found.rows.find((row) => Number(row.state) === state)?.n ?? 0);
  return { queued: of(JOB_STATE.queued), running: of(JOB_STATE.running), failed: of(JOB_STATE.failed) };
}

// The size and sessions of this database as the server sees them: pg_stat_activity counts every instance's pool.
async function databaseFigures(db: Database): Promise<MonitoringFigures['database']> {
  const size = await db.query<{ bytes: string }>('select pg_database_size(current_database())::text as bytes').catch(() => undefined);
  const sessions = await db
    .query<{ active: string; idle: string; total: string }>(
      `select count(*) filter (where state = 'active')::text as active, count(*) filter (where state like 'idle%')::text as idle, count(*)::text as total
         from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
    )
    .catch(() => undefined);
  const row = sessions?.rows[0];
  return {
    kind: db.kind,
    sizeBytes: size?.rows[0] ? Number(size.rows[0].bytes) : null,
    connections: db.kind === 'postgres' && row ? { active: Number(row.active), idle: Number(row.idle), total: Number(row.total) } : null,
  };
}

/** Reads every figure once (a handful of cheap queries). */
export async function readMonitoringFigures(sources: FigureSources): Promise<MonitoringFigures> {
  const [jobs, database] = await Promise.all([jobCounts(sources.db), databaseFigures(sources.db)]);
  return {
    readAt: (sources.now?.() ?? new Date()).toISOString(),
    version: sources.buildInfo.version,
    buildDate: sources.buildInfo.buildDate,
    uptimeSeconds: Math.round(process.uptime()),
    requests: sources.requests(),
    jobs,
    hub: { connections: sources.hubConnections() ?? null },
    database,
    externalUrl: sources.externalUrl,
  };
}
