import { chakra, Table } from '@chakra-ui/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';

/** A column header that sorts by its column: a real button (Tab, Enter, Space), aria-sort on the header cell. */
export function SortHeader<C extends string>({ column, sorted, descending, onSort, numeric, children }: { column: C; sorted: boolean; descending: boolean; onSort: (column: C) => void; numeric?: boolean; children: ReactNode }) {
  const Arrow = descending ? ArrowDown : ArrowUp;
  return (
    <Table.ColumnHeader aria-sort={sorted ? (descending ? 'descending' : 'ascending') : 'none'} textAlign={numeric ? 'end' : 'start'} verticalAlign="bottom">
      <chakra.button
        type="button"
        onClick={() => onSort(column)}
        display="inline-flex"
        alignItems="center"
        gap="1"
        fontWeight="semibold"
        borderRadius="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        data-sort-column={column}
      >
        {children}
        {sorted && <Arrow size={14} aria-hidden />}
      </chakra.button>
    </Table.ColumnHeader>
  );
}
