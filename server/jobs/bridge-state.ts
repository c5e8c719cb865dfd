import type { BridgeState } from '../../schemas/bridge-wire';
import type { BuildInfo } from '../build-info';
import type { Queryable } from '../db/database';
import type { RequestContext } from '../lib/request-context';
import type { JobRegistry } from './job-definition';
import type { RunnerState } from './job-runner';
import { countJobs, listJobs, toBridgeJob, type JobAudience, type JobRow } from './job-store';

/** The page of the bridge and the permission path of everything about it (spec 2 §2). */
export const BRIDGE_PATH = '/service/bridge';
/** Finished runs younger than this count in the state and its job list. */
export const BRIDGE_HISTORY_MS = 24 * 60 * 60 * 1000;
/** Runs in the state's job list at most (the REST history pages further). */
export const BRIDGE_JOB_LIMIT = 50;

export type { BridgeJobDefinition, BridgeState } from '../../schemas/bridge-wire';

/**
 * Whose jobs a caller sees: the tenant's (default: the caller's current one), and the installation-wide ones when
 * they may read the bridge globally.
 */
export function audienceOf(context: RequestContext, tenantOid: number | undefined = context.tenantOid): JobAudience {
  return { tenantOid: tenantOid ?? null, global: context.canGlobally ? context.canGlobally(BRIDGE_PATH, 'Read') : true };
}

/** Whether the caller may see a run: Read on the bridge in its tenant, or globally for an installation-wide one. */
export function mayReadJob(context: RequestContext, job: Pick<JobRow, 'tenantOid'>): boolean {
  if (job.tenantOid === null) return context.canGlobally ? context.canGlobally(BRIDGE_PATH, 'Read') : context.can(BRIDGE_PATH, 'Read');
  return context.tenantOids.includes(job.tenantOid) && context.can(BRIDGE_PATH, 'Read', job.tenantOid);
}

/** What a bridge state needs besides the database. */
export interface BridgeSource {
  db: Queryable;
  registry: JobRegistry;
  buildInfo: BuildInfo;
  instanceId: string;
  runnerState(): RunnerState;
  now(): number;
}

/** The bridge as an audience sees it now. */
export async function readBridgeState(source: BridgeSource, audience: JobAudience): Promise<BridgeState> {
  const since = source.now() - BRIDGE_HISTORY_MS;
  const [counts, rows] = await Promise.all([countJobs(source.db, audience, since), listJobs(source.db, audience, since, BRIDGE_JOB_LIMIT)]);
  return {
    id: source.instanceId,
    version: source.buildInfo.version,
    buildDate: source.buildInfo.buildDate,
    state: source.runnerState(),
    ...counts,
    jobs: rows.map(toBridgeJob),
    definitions: source.registry
      .all()
      .filter((definition) => definition.scope === 'tenant' ? audience.tenantOid !== null : audience.global)
      .map(({ name, category, description, countUnit, scope, parameterSchema, texts }) => ({ name, category, description, countUnit, scope, parameters: parameterSchema, texts: texts ?? {} })),
  };
}
