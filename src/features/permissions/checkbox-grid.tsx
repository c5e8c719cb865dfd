import { Box, Checkbox, HStack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CountryFlag } from '../../lib/ui/country-flag';
import type { CheckboxColumn } from './permission-api';

/** One row of a checkbox tree: its key, text, indentation and, per column key, whether it is checked. */
export interface CheckboxGridRow {
  key: string;
  text: ReactNode;
  detail?: string;
  depth?: number;
  checked: Record<string, boolean>;
  /** Per column key: a stored decision (bold) rather than an inherited value (dimmed). */
  own?: Record<string, boolean>;
}

/** The column key of a checkbox column: 'global' or the tenant oid. */
export const columnKey = (column: CheckboxColumn): string => (column.oid === null ? 'global' : String(column.oid));

/** A checkbox tree per tenant (spec 1 §6): rows down, Global / every tenant and one column per tenant across. */
export function CheckboxGrid({ rows, columns, globalLabel, firstHeader, onToggle, testId }: {
  rows: readonly CheckboxGridRow[];
  columns: readonly CheckboxColumn[];
  globalLabel: string;
  firstHeader: string;
  onToggle: (rowKey: string, column: CheckboxColumn, checked: boolean) => void;
  testId: string;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" data-testid={testId}>
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{firstHeader}</Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={columnKey(column)} textAlign="center">
                {column.oid === null ? (
                  globalLabel
                ) : (
                  <HStack justify="center" gap="1">
                    <CountryFlag country={column.country ?? undefined} size={16} />
                    <span>{column.id ?? column.oid}</span>
                  </HStack>
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key} data-row={row.key}>
              <Table.Cell>
                <Box ps={`${(row.depth ?? 0) * 1.25}rem`}>
                  <Text as="span">{row.text}</Text>
                  {row.detail && (
                    <Text as="span" ms="2" textStyle="xs" color="fg.muted">
                      {row.detail}
                    </Text>
                  )}
                </Box>
              </Table.Cell>
              {columns.map((column) => {
                const key = columnKey(column);
                const checked = row.checked[key] ?? false;
                const dimmed = row.own !== undefined && !row.own[key];
                return (
                  <Table.Cell key={key} textAlign="center">
                    <Checkbox.Root
                      checked={checked}
                      opacity={dimmed ? 0.55 : 1}
                      data-column={key}
                      onCheckedChange={(details) => onToggle(row.key, column, details.checked === true)}
                    >
                      <Checkbox.HiddenInput aria-label={`${typeof row.text === 'string' ? row.text : row.key} – ${column.oid === null ? globalLabel : (column.id ?? column.oid)}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
