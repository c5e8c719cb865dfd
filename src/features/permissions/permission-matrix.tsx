import { Box, HStack, Input, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { CountryFlag } from '../../lib/ui/country-flag';
import { createDebouncer, PERMISSION_SEARCH_DEBOUNCE_MS } from './debouncer';
import { isStaged, type StagedCell } from './matrix-draft';
import { effectiveDecision, rowDepth } from './permission-cells';
import { PermissionCellButton } from './permission-cell-button';
import { filterPermissionRows } from './permission-search';
import type { MatrixColumn, PermissionTenant, PermissionTreeEntry } from './permission-types';

export interface PermissionMatrixProps {
  rows: readonly PermissionTreeEntry[];
  /** Tenant columns after Global; none for a Global-only matrix. */
  tenants?: readonly PermissionTenant[];
  /** Cells whose change is not saved yet; they are marked. */
  staged?: readonly StagedCell[];
  /** A click on a cell; the caller runs the cycle and keeps the rows. */
  onCellClick: (path: string, column: MatrixColumn) => void;
}

/** A column's header text: 'Global' or the tenant's id. */
export function matrixColumnLabel(column: MatrixColumn, tenants: readonly PermissionTenant[], globalLabel: string): string {
  if (column === 'global') return globalLabel;
  return tenants.find((tenant) => String(tenant.oid) === column.tenantOid)?.id ?? column.tenantOid;
}

/**
 * The permission matrix of spec 1 §6: rows are the permission tree, columns Global and one per tenant; a click
 * cycles allow / deny / inherit (§4), an inheriting cell shows, dimmed, what it inherits, and a staged cell is marked
 * until saved. The search applies 500 ms after the last keystroke.
 */
export function PermissionMatrix({ rows, tenants = [], staged = [], onCellClick }: PermissionMatrixProps) {
  const { t } = useLingui();
  const [searchText, setSearchText] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const debouncer = useMemo(() => createDebouncer(setAppliedSearch, PERMISSION_SEARCH_DEBOUNCE_MS), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const visible = useMemo(() => filterPermissionRows(rows, appliedSearch), [rows, appliedSearch]);
  const columns: Array<{ key: string; column: MatrixColumn; tenant?: PermissionTenant }> = [
    { key: 'global', column: 'global' },
    ...tenants.map((tenant) => ({ key: `tenant-${tenant.oid}`, column: { tenantOid: String(tenant.oid) } as MatrixColumn, tenant })),
  ];
  const globalLabel = t`Global`;

  return (
    <Box data-testid="permission-matrix">
      <HStack mb="3" maxW="md">
        <Search size={16} aria-hidden />
        <Input
          size="sm"
          type="search"
          value={searchText}
          placeholder={t`Search: words, +must, -must not`}
          aria-label={t`Search permissions`}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            debouncer.push(event.currentTarget.value);
          }}
        />
      </HStack>
      {/* Bounded in height so the horizontal scrollbar stays on screen; the permission column stays put while scrolling sideways. */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="70vh" overflow="auto" data-testid="permission-matrix-scroll">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader position="sticky" insetStart="0" zIndex="2" bg="bg">
                <Trans>Permission</Trans>
              </Table.ColumnHeader>
              {columns.map(({ key, tenant }) => (
                <Table.ColumnHeader key={key} textAlign="center" data-column={key}>
                  {tenant ? (
                    <HStack justify="center" gap="1">
                      <CountryFlag country={tenant.country} size={16} />
                      <span>{tenant.id}</span>
                    </HStack>
                  ) : (
                    globalLabel
                  )}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {visible.map((row) => (
              <Table.Row key={row.p} data-path={row.p}>
                <Table.Cell position="sticky" insetStart="0" zIndex="1" bg="bg" minW="32" maxW={{ base: '40', md: 'sm' }} whiteSpace="normal">
                  <Box ps={`${rowDepth(rows, row.p) * 1.25}rem`}>
                    <Text>{row.text}</Text>
                    <Text textStyle="xs" color="fg.muted" wordBreak="break-all">
                      {row.p}
                    </Text>
                  </Box>
                </Table.Cell>
                {columns.map(({ key, column, tenant }) => (
                  <Table.Cell key={key} textAlign="center">
                    <PermissionCellButton
                      effective={effectiveDecision(rows, row.p, column)}
                      label={`${row.text} – ${tenant ? tenant.id : globalLabel}`}
                      staged={isStaged(staged, row.p, column)}
                      onClick={() => onCellClick(row.p, column)}
                    />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
            {visible.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={columns.length + 1} color="fg.muted">
                  <Trans>No permission matches the search.</Trans>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
