import { Box, HStack, Input, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { CountryFlag } from '../../lib/ui/country-flag';
import { createDebouncer, PERMISSION_SEARCH_DEBOUNCE_MS } from './debouncer';
import { clickCell, effectiveDecision, rowDepth } from './permission-cells';
import { PermissionCellButton } from './permission-cell-button';
import { filterPermissionRows } from './permission-search';
import type { MatrixColumn, PermissionTenant, PermissionTreeEntry } from './permission-types';

export interface PermissionMatrixProps {
  rows: readonly PermissionTreeEntry[];
  /** Tenant columns after Global; none for a Global-only matrix. */
  tenants?: readonly PermissionTenant[];
  /** The rows after a click (one cell changed); the caller saves them. */
  onChange: (rows: PermissionTreeEntry[], changed: { path: string; column: MatrixColumn }) => void;
}

/**
 * The permission matrix of spec 1 §6: rows are the permission tree, columns Global and one per tenant; a click
 * cycles allow / deny / inherit (§4) and an inheriting cell shows, dimmed, what it inherits. The search applies
 * 500 ms after the last keystroke.
 */
export function PermissionMatrix({ rows, tenants = [], onChange }: PermissionMatrixProps) {
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
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
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
                <Table.Cell>
                  <Box ps={`${rowDepth(rows, row.p) * 1.25}rem`}>
                    <Text as="span">{row.text}</Text>
                    <Text as="span" ms="2" textStyle="xs" color="fg.muted">
                      {row.p}
                    </Text>
                  </Box>
                </Table.Cell>
                {columns.map(({ key, column, tenant }) => (
                  <Table.Cell key={key} textAlign="center">
                    <PermissionCellButton
                      effective={effectiveDecision(rows, row.p, column)}
                      label={`${row.text} – ${tenant ? tenant.id : globalLabel}`}
                      onClick={() => onChange(clickCell(rows, row.p, column), { path: row.p, column })}
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
