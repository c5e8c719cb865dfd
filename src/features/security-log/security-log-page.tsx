import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import useSWR from 'swr';
import { LocalDateInput } from '../../../renderers/widgets/local-date-input';
import { apiGet } from '../../lib/api/api-client';
import { LoadState } from '../../lib/ui/load-state';
import { SECURITY_EVENT_KINDS, securityLogQuery, type SecurityEventKind, type SecurityLogFilter, type SecurityLogPage as LogPage } from './security-log-types';
import { useDateStyle } from '../../lib/format/date-style';

/** Rows per page. */
const TAKE = 100;
const NO_FILTER: SecurityLogFilter = { username: '', kind: '', from: '', to: '' };

/** The translated name of an event kind. */
function useKindLabels(): Record<SecurityEventKind, string> {
  const { t } = useLingui();
  return {
    'sign-in': t`Sign-in`,
    'sign-in-failed': t`Failed sign-in`,
    'second-factor-enrolled': t`Second factor set up`,
    'second-factor-removed': t`Second factor removed`,
    'second-factor-used': t`Second factor used`,
    'second-factor-wrong-code': t`Wrong second-factor code`,
    'recovery-code-used': t`Recovery code used`,
    'recovery-codes-regenerated': t`New recovery codes`,
    'passkey-enrolled': t`Passkey added`,
    'passkey-removed': t`Passkey removed`,
    'passkey-used': t`Passkey used`,
    'passkey-failed': t`Passkey refused`,
    'session-ended': t`Session ended`,
    'permission-changed': t`Permission changed`,
  };
}

/** /admin/security-log (component 'security-log'): sign-ins, second-factor events, ended sessions and permission changes. */
export function SecurityLogPage() {
  const { t, i18n } = useLingui();
  const dateStyle = useDateStyle();
  const labels = useKindLabels();
  // Typed filters apply on Enter or "Apply", so every key stroke does not read the log.
  const [draft, setDraft] = useState<SecurityLogFilter>(NO_FILTER);
  const [filter, setFilter] = useState<SecurityLogFilter>(NO_FILTER);
  const [skip, setSkip] = useState(0);
  const query = securityLogQuery(filter, skip, TAKE);
  const log = useSWR(['/api/admin/security-log', JSON.stringify(query)], () => apiGet<LogPage>('/api/admin/security-log', query));
  const rows = log.data?.items ?? [];
  const total = log.data?.total ?? 0;
  const when = (iso: string) => i18n.date(iso, { dateStyle: 'short', timeStyle: 'medium' });
  const edit = (change: Partial<SecurityLogFilter>) => setDraft((current) => ({ ...current, ...change }));
  const apply = () => {
    setFilter(draft);
    setSkip(0);
  };

  return (
    <Stack gap="4" data-testid="security-log">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <HStack gap="3" flexWrap="wrap" align="end">
          <Field.Root maxW="52">
            <Field.Label textStyle="xs">{t`Username`}</Field.Label>
            <Input size="sm" value={draft.username} onChange={(event) => edit({ username: event.target.value })} data-testid="security-log-user" />
          </Field.Root>
          <Field.Root maxW="60">
            <Field.Label textStyle="xs">{t`Event`}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={draft.kind}
                onChange={(event) => {
                  const kind = event.target.value as SecurityEventKind | '';
                  edit({ kind });
                  setFilter({ ...draft, kind });
                  setSkip(0);
                }}
                data-testid="security-log-kind"
              >
                <option value="">{t`All events`}</option>
                {SECURITY_EVENT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {labels[kind]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root maxW="56">
            <Field.Label textStyle="xs">{t`From`}</Field.Label>
            <LocalDateInput size="sm" kind="datetime" locale={i18n.locale} dateStyle={dateStyle} unreadable="drop" value={draft.from} onValueChange={(next) => edit({ from: next ?? '' })} data-testid="security-log-from" />
          </Field.Root>
          <Field.Root maxW="56">
            <Field.Label textStyle="xs">{t`Until`}</Field.Label>
            <LocalDateInput size="sm" kind="datetime" locale={i18n.locale} dateStyle={dateStyle} unreadable="drop" value={draft.to} onValueChange={(next) => edit({ to: next ?? '' })} data-testid="security-log-to" />
          </Field.Root>
          <Button size="sm" type="submit" colorPalette="teal" data-testid="security-log-apply">
            {t`Apply`}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void log.mutate()} loading={log.isValidating}>
            <RefreshCw size={14} aria-hidden /> {t`Refresh`}
          </Button>
        </HStack>
      </form>
      <LoadState
        loading={log.isLoading}
        error={log.error as unknown}
        empty={rows.length === 0}
        emptyText={t`No events match.`}
        forbiddenText={t`The security log holds the events of every tenant's users: it needs Read on this page in the Global column.`}
        onRetry={() => void log.mutate()}
      >
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Security events`}>
          <Table.Root size="sm" data-testid="security-log-table">
            <Table.Caption srOnly>{t`Security events`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Time`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Event`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`User`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Address`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Device`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Details`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.oid} data-kind={row.kind}>
                  <Table.Cell whiteSpace="nowrap">{when(row.at)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{labels[row.kind as SecurityEventKind] ?? row.kind}</Table.Cell>
                  <Table.Cell>
                    <bdi>{row.username ?? '–'}</bdi>
                    {row.actorName && (
                      <Text textStyle="xs" color="fg.muted">
                        <Trans>by {row.actorName}</Trans>
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell dir="ltr" textAlign="start">
                    {row.address ?? '–'}
                  </Table.Cell>
                  <Table.Cell maxW="xs">
                    <Text truncate title={row.userAgent ?? undefined} dir="ltr" textStyle="xs">
                      {row.userAgent ?? '–'}
                    </Text>
                  </Table.Cell>
                  <Table.Cell maxW="md">
                    <Box as="code" dir="ltr" textStyle="xs" display="block" whiteSpace="pre-wrap" wordBreak="break-all">
                      {Object.keys(row.detail).length > 0 ? JSON.stringify(row.detail) : ''}
                    </Box>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </LoadState>
      <HStack gap="3" justify="space-between" flexWrap="wrap">
        <Text textStyle="xs" color="fg.muted" data-testid="security-log-count">
          {total === 0 ? '' : t`${i18n.number(skip + 1)}–${i18n.number(Math.min(skip + TAKE, total))} of ${i18n.number(total)} events`}
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - TAKE))}>
            {t`Newer`}
          </Button>
          <Button size="sm" variant="outline" disabled={skip + TAKE >= total} onClick={() => setSkip(skip + TAKE)}>
            {t`Older`}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
