import type { UnprocessedDocument } from '../../../schemas/diagnostics-wire';

export interface UnprocessedFilter {
  /** '' for every kind. */
  kind: string;
  /** Matched against the reason (as stored and as shown), the Uid, the receipt number and the terminal, in any case. */
  text: string;
}

/** The reason as the page shows it (in the user's language); the stored English one is matched as well. */
export type ShownReason = (reason: string) => string;

/** The documents the filter lets through, in the order given (newest first from the server). */
export function filterUnprocessed(documents: readonly UnprocessedDocument[], filter: UnprocessedFilter, shownReason: ShownReason = (reason) => reason): UnprocessedDocument[] {
  const needle = filter.text.trim().toLowerCase();
  return documents.filter((document) => {
    if (filter.kind && document.kind !== filter.kind) return false;
    if (!needle) return true;
    const reasons = document.reason === null ? [] : [document.reason, shownReason(document.reason)];
    const haystack = [...reasons, document.uid, document.id === null ? '' : String(document.id), document.terminalName ?? '', document.tenantName ?? ''].join('\n').toLowerCase();
    return haystack.includes(needle);
  });
}

/** The kinds present, sorted, for the kind filter. */
export const kindsOf = (documents: readonly UnprocessedDocument[]): string[] => [...new Set(documents.map((document) => document.kind))].sort();

