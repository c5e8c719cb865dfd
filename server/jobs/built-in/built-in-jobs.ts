import type { JobDefinition } from '../job-definition';
import { purgeOldData } from './purge-old-data';
import { recomputeDailyTurnover } from './recompute-daily-turnover';

/** The jobs of the bridge, by name (docs/jobs.md "The jobs"). */
export const BUILT_IN_JOBS: readonly JobDefinition<never>[] = [purgeOldData, recomputeDailyTurnover] as unknown as JobDefinition<never>[];
