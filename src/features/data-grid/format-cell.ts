/** A value as one line of text for grid cells, summaries and the conflict resolver. */
export function formatCell(value: unknown, yes = '✓', no = ''): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
