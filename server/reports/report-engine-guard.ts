import { ApiError } from '../lib/api-error';
import type { WriteGuard } from '../data/write-guard';
import type { ReportCatalogue } from './report-catalogue';

/** The entity kind whose records reference report definitions by code. */
export const REPORT_ENGINE_KIND = 'pos-preferences/report-engine';

/**
 * A report-engine record's `Definition` must name a report definition that exists ({group}/{type}): the reference
 * is checked when the record is written, so a record never points at a report nobody can run.
 */
export function reportEngineGuard(reports: ReportCatalogue): WriteGuard {
  return {
    async check({ next }) {
      const code = next?.Definition;
      if (typeof code !== 'string' || code === '') return;
      const [group = '', type = ''] = code.split('/');
      if (!reports.find(group, type)) {
        const known = reports.reports.map((r) => r.code).join(', ');
        throw new ApiError(400, `Definition: there is no report '${code}'; expected one of ${known}.`, { errors: { Definition: [`no report '${code}'; expected one of ${known}`] } });
      }
    },
  };
}
