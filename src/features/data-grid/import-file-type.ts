/** What the file picker offers: CSV by extension and by the types browsers and spreadsheets give it. */
export const CSV_ACCEPT = '.csv,text/csv';

/** Types CSV files arrive with besides text/csv: Excel on Windows says vnd.ms-excel, some systems text/plain. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel', 'text/plain']);

/**
 * True for a file the import can read as CSV: a `.csv` name, or a CSV type with no other extension. A dropped file
 * passes no `accept` filter, so the drop zone asks this before reading.
 */
export function isCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return true;
  return !/\.[a-z0-9]+$/.test(name) && CSV_TYPES.has(file.type);
}
