import type { OutboxMail, OutboxState } from './outbox-types';

export type OutboxSortColumn = 'to' | 'subject' | 'state' | 'attempts' | 'createdAt' | 'sentAt';

export interface OutboxSort {
  column: OutboxSortColumn;
  descending: boolean;
}

export interface OutboxFilter {
  /** Matches recipient, subject or the reason of a failure, ignoring case. */
  text: string;
  /** undefined: every state. */
  state?: OutboxState;
}

// Failed first when sorting by state ascending: what needs attention leads.
const STATE_ORDER: Record<OutboxState, number> = { failed: 0, queued: 1, sent: 2 };

function compare(a: OutboxMail, b: OutboxMail, column: OutboxSortColumn, locale: string): number {
  switch (column) {
    case 'state':
      return STATE_ORDER[a.state] - STATE_ORDER[b.state];
    case 'attempts':
      return a.attempts - b.attempts;
    case 'createdAt':
    case 'sentAt':
      // Not sent yet sorts after every sent mail.
      return (a[column] ?? '\uffff').localeCompare(b[column] ?? '\uffff');
    default:
      return a[column].localeCompare(b[column], locale, { sensitivity: 'base' });
  }
}

/** The mails the grid shows: filtered, then sorted; ties keep the newest first. */
export function shownMails(mails: readonly OutboxMail[], filter: OutboxFilter, sort: OutboxSort, locale = 'en'): OutboxMail[] {
  const needle = filter.text.trim().toLocaleLowerCase(locale);
  const matching = mails.filter(
    (mail) => (!filter.state || mail.state === filter.state) && (!needle || [mail.to, mail.subject, mail.lastError ?? ''].some((value) => value.toLocaleLowerCase(locale).includes(needle))),
  );
  return matching.sort((a, b) => {
    const order = compare(a, b, sort.column, locale);
    return (sort.descending ? -order : order) || b.oid - a.oid;
  });
}

/** A click on a header: the same column flips its direction, another starts ascending (dates: newest first). */
export function nextOutboxSort(current: OutboxSort, column: OutboxSortColumn): OutboxSort {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: column === 'createdAt' || column === 'sentAt' };
}
