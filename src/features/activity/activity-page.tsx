import { Badge, Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { LocalDateInput } from '../../../renderers/widgets/local-date-input';
import type { PageProps } from '../../app/page-registry';
import { showError } from '../../lib/toasts/show-error';
import { localToIso, readActivity, type ActivityEntry, type ActivityFilter } from './activity-api';

/** /admin/activity (component 'activity'): every recorded change the user may read, filtered by user, kind and time. */
export function ActivityPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const [user, setUser] = useState('');
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [items, setItems] = useState<ActivityEntry[]>();
  const [next, setNext] = useState<number>();
  const [loading, setLoading] = useState(false);

  const loadMore = async (shown: ActivityFilter, before: number) => {
    setLoading(true);
    try {
      const page = await readActivity(shown, before);
      setItems((current) => [...(current ?? []), ...page.items]);
      setNext(page.next);
    } catch (error) {
      showError(error);
    } finally {
      setLoading(false);
    }
  };
  // A new filter reads the first page; it is loading until the answer (or the error) for that very filter is in.
  const [answered, setAnswered] = useState<ActivityFilter>();
  useEffect(() => {
    let current = true;
    readActivity(filter)
      .then((page) => {
        if (!current) return;
        setItems(page.items);
        setNext(page.next);
      }, showError)
      .finally(() => current && setAnswered(filter));
    return () => {
      current = false;
    };
  }, [filter]);
  const busy = loading || answered !== filter;

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    setFilter({ user: user.trim() || undefined, kind: kind.trim() || undefined, from: localToIso(from), to: localToIso(to) });
  };
  const operation = (entry: ActivityEntry) => (entry.operation === 'create' ? t({ message: 'Created', context: 'record operation' }) : entry.operation === 'update' ? t({ message: 'Changed', context: 'record operation' }) : t({ message: 'Deleted', context: 'record operation' }));

  return (
    <Stack gap="4" data-testid="activity">
      {/* The times are written the way the user's language writes them (as the security log's), not the browser's. */}
      <form onSubmit={apply}>
        <HStack gap="3" flexWrap="wrap" align="end">
          <Field.Root maxW="48">
            <Field.Label>{t`User`}</Field.Label>
            <Input size="sm" value={user} onChange={(event) => setUser(event.target.value)} data-testid="activity-user" />
          </Field.Root>
          <Field.Root maxW="56">
            <Field.Label>{t`Kind (area/entity)`}</Field.Label>
            <Input size="sm" value={kind} onChange={(event) => setKind(event.target.value)} data-testid="activity-kind" />
          </Field.Root>
          <Field.Root maxW="56">
            <Field.Label>{t`From`}</Field.Label>
            <LocalDateInput size="sm" kind="datetime" locale={i18n.locale} unreadable="drop" value={from} onValueChange={(next) => setFrom(next ?? '')} data-testid="activity-from" />
          </Field.Root>
          <Field.Root maxW="56">
            <Field.Label>{t`To`}</Field.Label>
            <LocalDateInput size="sm" kind="datetime" locale={i18n.locale} unreadable="drop" value={to} onValueChange={(next) => setTo(next ?? '')} data-testid="activity-to" />
          </Field.Root>
          <Button size="sm" type="submit" colorPalette="blue" loading={busy} data-testid="activity-apply">
            <Trans>Filter</Trans>
          </Button>
        </HStack>
      </form>
      {items && items.length === 0 && (
        <Text color="fg.muted" data-testid="activity-empty">
          <Trans>No recorded changes match.</Trans>
        </Text>
      )}
      {items && items.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Recorded changes`}>
          <Table.Root size="sm" data-testid="activity-table">
            <Table.Caption srOnly>{t`Recorded changes`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`When`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Who`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Kind`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Record`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Operation`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Fields`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((entry) => (
                <Table.Row key={entry.id} data-testid="activity-row">
                  <Table.Cell whiteSpace="nowrap">{i18n.date(entry.at, { dateStyle: 'short', timeStyle: 'medium' })}</Table.Cell>
                  <Table.Cell data-testid="activity-who">
                    <bdi>{entry.actor.name}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <bdi>{entry.kind}</bdi>
                  </Table.Cell>
                  <Table.Cell>{entry.recordOid}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={entry.operation === 'create' ? 'green' : entry.operation === 'update' ? 'blue' : 'red'}>{operation(entry)}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <bdi>{entry.changes.map((c) => c.field).join(', ')}</bdi>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {next !== undefined && (
        <Button size="sm" variant="outline" alignSelf="start" loading={busy} onClick={() => void loadMore(filter, next)} data-testid="activity-more">
          <Trans>Show older changes</Trans>
        </Button>
      )}
    </Stack>
  );
}
