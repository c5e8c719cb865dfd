import { formatDate } from '../../lib/format/format-number';
import type { DocumentSummary } from './document-types';

/** Whether the browser knows a time zone (an unknown one would make Intl throw and the page fail). */
function knownZone(zone: string | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A document's date and time as its store saw them: in its location's time zone (the server answers it with the
 * document), so that a receipt of 00:30 in Tokyo reads 00:30 on the day the viewer's date range files it under,
 * wherever the browser is. A zone the browser does not know falls back to the browser's own.
 */
export function formatDocumentTime(document: Pick<DocumentSummary, 'createdAt' | 'timeZone'>, locale: string, options: Intl.DateTimeFormatOptions): string {
  return formatDate(document.createdAt, locale, knownZone(document.timeZone) ? { ...options, timeZone: document.timeZone } : options);
}
