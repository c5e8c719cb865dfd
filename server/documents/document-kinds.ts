/**
 * The kinds of document a terminal hands in (docs/terminals.md "Document kinds"). Stored in
 * `mate_terminal_document.kind`; the viewer's document types map onto them.
 */
export const DOCUMENT_KINDS = ['sale', 'return', 'cancellation', 'cash-deposit', 'cash-withdrawal', 'end-of-day'] as const;

/** One kind of document. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Kinds that correct an earlier sale and therefore name it in `references`. */
export const CORRECTION_KINDS: readonly DocumentKind[] = ['return', 'cancellation'];

/** Kinds that move cash in or out of the drawer: one line of the movement, no articles, no tax. */
export const CASH_MOVEMENT_KINDS: readonly DocumentKind[] = ['cash-deposit', 'cash-withdrawal'];

/** Kinds that are turnover: booked into the daily turnover (`mate_turnover_day`). */
export const TURNOVER_KINDS: readonly DocumentKind[] = ['sale', 'return', 'cancellation'];

/** The turnover kinds as an SQL list, for the queries that book the day. */
export const TURNOVER_KINDS_SQL = TURNOVER_KINDS.map((kind) => `'${kind}'`).join(', ');
