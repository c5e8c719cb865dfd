import type { TableUsage } from '../../../schemas/diagnostics-wire';

export type TableSortColumn = 'name' | 'rows' | 'totalBytes' | 'tableBytes' | 'indexBytes' | 'growthBytes';
export interface TableSort {
  column: TableSortColumn;
  descending: boolean;
}

/** The tables whose name contains `text` (any case), sorted; an unknown growth sorts below every known one. */
export function shownTables(tables: readonly TableUsage[], text: string, sort: TableSort): TableUsage[] {
  const needle = text.trim().toLowerCase();
  const filtered = needle ? tables.filter((table) => table.name.toLowerCase().includes(needle)) : [...tables];
  const direction = sort.descending ? -1 : 1;
  return filtered.sort((a, b) => {
    if (sort.column === 'name') return direction * a.name.localeCompare(b.name);
    const left = a[sort.column];
    const right = b[sort.column];
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return direction * (left - right) || a.name.localeCompare(b.name);
  });
}

/** A click on a column sorts by it, numbers largest first; a second click turns the order round. */
export function nextTableSort(current: TableSort, column: TableSortColumn): TableSort {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: column !== 'name' };
}
