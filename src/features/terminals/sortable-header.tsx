import { chakra, Table } from '@chakra-ui/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SortColumn, SortOrder } from './terminal-list';

/** A column header that sorts by its column: a real button (Tab, Enter, Space), aria-sort on the header cell. */
export function SortableHeader({ column, order, onSort, children }: { column: SortColumn; order: SortOrder; onSort: (column: SortColumn) => void; children: ReactNode }) {
  const active = order.column === column;
  const Arrow = order.descending ? ArrowDown : ArrowUp;
  return (
    <Table.ColumnHeader aria-sort={active ? (order.descending ? 'descending' : 'ascending') : 'none'} verticalAlign="bottom" whiteSpace="normal">
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
