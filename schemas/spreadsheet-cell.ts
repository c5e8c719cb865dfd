/**
 * The first characters that make a spreadsheet run a cell as a formula when it opens an exported file (OWASP "CSV
 * injection"): `=`, `+`, `-`, `@`, and tab and carriage return, which some spreadsheets skip before looking again.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** An escaped cell: the apostrophe `escapeFormula` put before text that starts like a formula. */
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/** Whether a spreadsheet would run this text as a formula (`=HYPERLINK(...)`, `+1`, `-2`, `@SUM(A1)`). */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * The text with a leading apostrophe when a spreadsheet would run it as a formula (`=1+2` becomes `'=1+2`, which a
 * spreadsheet shows as text); any other text as it is. For text only: a number is never escaped (see `spreadsheetCell`).
 */
export function escapeFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/** Whether the text is one `escapeFormula` escaped (an apostrophe, then a formula's first character). */
export function isEscapedFormula(text: string): boolean {
  return ESCAPED_FORMULA.test(text);
}

/** Takes off the apostrophe `escapeFormula` put on (`'=1+2` reads `=1+2`), so an exported file imports as it was. */
export function unescapeFormula(text: string): string {
  return isEscapedFormula(text) ? text.slice(1) : text;
}

/**
 * A value as a cell of an exported file (CSV, XLSX): numbers and booleans as they are, so that a negative number stays
 * the number -5 (a numeric CSV cell, a number in XLSX) and is never escaped; null and undefined as empty; objects and
 * arrays as JSON; every text, the JSON included, through `escapeFormula`.
 */
export function spreadsheetCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  return escapeFormula(typeof value === 'object' ? JSON.stringify(value) : String(value));
}
