import { chakra, Table } from '@chakra-ui/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';

/** Which column a table is sorted by, and which way. */
export interface SortState<C extends string> {
  column: C;
  descending: boolean;
}

/**
 * A column header that sorts by its column: a real button (Tab, Enter, Space), aria-sort on the header cell, the
 * arrow on the sorted column only. Long labels wrap rather than widen the table (a phone shows it whole).
 */
export function SortHeader<C extends string>({ column, order, onSort, numeric, children }: { column: C; order: SortState<C>; onSort: (column: C) => void; numeric?: boolean; children: ReactNode }) {
  const active = order.column === column;
  const Arrow = order.descending ? ArrowDown : ArrowUp;
  return (
    <Table.ColumnHeader aria-sort={active ? (order.descending ? 'descending' : 'ascending') : 'none'} textAlign={numeric ? 'end' : 'start'} verticalAlign="bottom" whiteSpace="normal">
      <chakra.button
        type="button"
        onClick={() => onSort(column)}
        display="inline-flex"
        alignItems="center"
        textAlign="start"
        whiteSpace="normal"
        gap="1"
        fontWeight="semibold"
        borderRadius="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        data-sort-column={column}
      >
        {children}
        {active && <Arrow size={14} aria-hidden />}
      </chakra.button>
    </Table.ColumnHeader>
  );
}
