import { Badge, Box, Button, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatBytes } from '../../lib/format/format-bytes';
import { LoadState } from '../../lib/ui/load-state';
import { SortHeader } from '../../lib/ui/sort-header';
import { nextTableSort, shownTables, type TableSort, type TableSortColumn } from './table-usage';
import { useDatabaseUsage } from './use-database-usage';

/** /diagnostics/database-usage (component 'database-usage'): every table with rows, sizes and growth, and the summary. */
export function DatabaseUsagePage() {
  const { t, i18n } = useLingui();
  const usage = useDatabaseUsage();
  const [text, setText] = useState('');
  const [sort, setSort] = useState<TableSort>({ column: 'totalBytes', descending: true });
  const shown = useMemo(() => shownTables(usage.tables?.items ?? [], text, sort), [usage.tables, text, sort]);
  const bytes = (value: number) => formatBytes(value, i18n.locale);
  // Isolated, so a size reads '22.5 MB' in a right-to-left page too, not 'MB 22.5'.
  const size = (value: number) => <bdi>{bytes(value)}</bdi>;
  const growth = (value: number | null) => (value === null ? '–' : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${bytes(Math.abs(value))}`);
  const header = (column: TableSortColumn, label: string, numeric = true) => (
    <SortHeader column={column} order={sort} onSort={(c) => setSort(nextTableSort(sort, c))} numeric={numeric}>
      {label}
    </SortHeader>
  );
  const summary = usage.summary;
  const days = usage.tables?.growthWindowDays ?? 30;

  return (
    <Stack gap="4" data-testid="database-usage">
      <LoadState
        loading={usage.loading}
        error={usage.error}
        empty={(usage.tables?.items.length ?? 0) === 0}
        emptyText={t`The database has no tables yet.`}
        forbiddenText={t`The database usage covers the whole installation: it needs Read on this page in the Global column.`}
        onRetry={usage.reload}
      >
        {summary && (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" data-testid="database-usage-summary">
            <Box borderWidth="1px" borderRadius="md" p="3">
              <Text textStyle="sm" color="fg.muted">
                {t`Tables`}
              </Text>
              <Text textStyle="2xl" fontWeight="semibold">
                {i18n.number(summary.count)}
              </Text>
            </Box>
            <Box borderWidth="1px" borderRadius="md" p="3">
              <Text textStyle="sm" color="fg.muted">
                {t`Total size`}
              </Text>
              {/* The summary answers KB; sizes show on base 1024 (spec 2 §9). */}
              <Text textStyle="2xl" fontWeight="semibold" data-testid="database-usage-total">
                {size(summary.total * 1024)}
              </Text>
            </Box>
            <Box borderWidth="1px" borderRadius="md" p="3">
                            <Text textStyle="sm" color="fg.muted" id="largest-tables">
                {t`Largest tables`}
              </Text>
              <Stack as="ol" aria-labelledby="largest-tables" gap="0" textStyle="sm" listStyleType="none" m="0" p="0">
                {summary.topTables.map((table) => (
                  <HStack as="li" key={table.name} justify="space-between" gap="2">
                    <Text as="bdi" truncate fontFamily="mono">
                      {table.name}
                    </Text>
                    <Text as="span" flexShrink={0}>
                      {size(table.total * 1024)}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            </Box>
          </SimpleGrid>
        )}
        <HStack gap="3" flexWrap="wrap">
          <Input maxW="xs" size="sm" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t`Filter by table name…`} aria-label={t`Filter tables`} />
          <Button size="sm" variant="outline" onClick={usage.reload} loading={usage.refreshing}>
            <RefreshCw size={14} aria-hidden /> {t`Refresh`}
          </Button>
          {usage.tables && (
            <Text textStyle="xs" color="fg.muted">
              <Trans>
                Read {i18n.date(usage.tables.sampledAt, { dateStyle: 'short', timeStyle: 'short' })}. Growth: since the oldest size sample of the last {days} days; a sample is kept at most once an hour.
              </Trans>
            </Text>
          )}
        </HStack>
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Tables and their sizes`}>
          <Table.Root size="sm" data-testid="database-usage-table">
            <Table.Caption srOnly>{t`Tables and their sizes`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {header('name', t`Table`, false)}
                {header('rows', t`Rows`)}
                {header('totalBytes', t`Total size`)}
                {header('tableBytes', t`Table size`)}
                {header('indexBytes', t`Index size`)}
                {header('growthBytes', t`Growth`)}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((table) => (
                <Table.Row key={table.name} data-table-name={table.name}>
                  <Table.Cell fontFamily="mono">
                    <bdi>{table.name}</bdi>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {table.rowsEstimated && (
                      <Badge size="xs" variant="subtle" me="1" title={t`An estimate from the database's statistics`}>
                        ≈
                      </Badge>
                    )}
                    {i18n.number(table.rows)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{size(table.totalBytes)}</Table.Cell>
                  <Table.Cell textAlign="end">{size(table.tableBytes)}</Table.Cell>
                  <Table.Cell textAlign="end">{size(table.indexBytes)}</Table.Cell>
                  <Table.Cell textAlign="end" title={table.growthSince ? t`Since ${i18n.date(table.growthSince, { dateStyle: 'short', timeStyle: 'short' })}` : t`No earlier sample yet`}>
                    <bdi>{growth(table.growthBytes)}</bdi>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {shown.length === 0 && <Text color="fg.muted">{t`No table matches the filter.`}</Text>}
      </LoadState>
    </Stack>
  );
}
