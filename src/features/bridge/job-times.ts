import { formatDate } from '../../lib/format/format-number';
import { formatDuration } from '../../lib/format/format-duration';
import type { BridgeJob } from './bridge-types';

/** An instant of a run in the UI language, or an empty text when it has none yet. */
export function jobTime(value: string | null, locale: string): string {
  return value ? formatDate(value, locale, { dateStyle: 'short', timeStyle: 'medium' }) : '';
}

/** How long a finished run took, in the UI language; empty while it runs or when it never started. */
export function jobDuration(job: Pick<BridgeJob, 'startedAt' | 'finishedAt'>, locale: string): string {
  if (!job.startedAt || !job.finishedAt) return '';
  return formatDuration(Date.parse(job.finishedAt) - Date.parse(job.startedAt), locale);
}
