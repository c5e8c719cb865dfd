import type { JobDefinition } from '../job-definition';
import { importExchangeRates } from './import-exchange-rates';
import { purgeOldData } from './purge-old-data';
import { pushTerminalConfiguration } from './push-terminal-configuration';
import { recomputeDailyTurnover } from './recompute-daily-turnover';
import { reprocessUnprocessedDocuments } from './reprocess-unprocessed-documents';

/** The jobs of the bridge, by name (docs/jobs.md "The jobs"). */
export const BUILT_IN_JOBS: readonly JobDefinition<never>[] = [purgeOldData, recomputeDailyTurnover, reprocessUnprocessedDocuments, pushTerminalConfiguration, importExchangeRates] as unknown as JobDefinition<never>[];
