import { Box, Button, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp, RefreshCw, RotateCcw, Trash2 } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { useNavigationData } from '../../shell/navigation-context';
import { toasts } from '../../lib/toasts/toast-store';
import { LoadState } from '../../lib/ui/load-state';
import { SortHeader } from '../../lib/ui/sort-header';
import type { PageProps } from '../../app/page-registry';
import { DeleteMailDialog } from './delete-mail-dialog';
import { nextOutboxSort, shownMails, type OutboxSort, type OutboxSortColumn } from './outbox-rows';
import { OutboxStateBadge } from './outbox-state-badge';
import type { OutboxMail, OutboxState } from './outbox-types';
import { useOutbox } from './use-outbox';

/** /admin/outbox (component 'outbox'): the mails the product queued, their state and failures; send again, delete. */
export function OutboxPage({ item }: PageProps) {
  const { t, i18n } = useLingui();
  const outbox = useOutbox();
  // The current tenant's rights decide which buttons show; the server checks the Global column and says so if missing.
  const granted = useNavigationData().permissions[item.path];
  const mayUpdate = granted?.Update === true;
  const mayDelete = granted?.Delete === true;
  const [text, setText] = useState('');
  const [state, setState] = useState<OutboxState | undefined>(undefined);
  const [sort, setSort] = useState<OutboxSort>({ column: 'createdAt', descending: true });
  const [open, setOpen] = useState<number | undefined>(undefined);
  const [deleting, setDeleting] = useState<OutboxMail | undefined>(undefined);
  const [resending, setResending] = useState<number | undefined>(undefined);
  const items = outbox.page?.items;
  const shown = useMemo(() => shownMails(items ?? [], { text, state }, sort, i18n.locale), [items, text, state, sort, i18n.locale]);
  const when = (iso: string | null) => (iso === null ? '–' : i18n.date(iso, { dateStyle: 'short', timeStyle: 'medium' }));
  const header = (column: OutboxSortColumn, label: string, numeric = false) => (
    <SortHeader column={column} order={sort} onSort={(c) => setSort(nextOutboxSort(sort, c))} numeric={numeric}>
      {label}
    </SortHeader>
  );
  const resend = async (mail: OutboxMail) => {
    setResending(mail.oid);
    try {
      await outbox.resend(mail.oid);
      toasts.show({ type: 'success', title: t`The mail is queued again` });
    } catch (error) {
      showError(error);
    } finally {
      setResending(undefined);
    }
  };

  return (
    <Stack gap="4" data-testid="outbox">
      <HStack gap="3" flexWrap="wrap">
        <Input maxW="xs" size="sm" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t`Filter by recipient, subject or error…`} aria-label={t`Filter mails`} />
        <NativeSelect.Root size="sm" maxW="48">
          <NativeSelect.Field value={state ?? ''} onChange={(event) => setState((event.target.value || undefined) as OutboxState | undefined)} aria-label={t`State`} data-testid="outbox-state-filter">
            <option value="">{t`All states`}</option>
            <option value="queued">{t`Queued`}</option>
            <option value="sent">{t`Sent`}</option>
            <option value="failed">{t`Failed`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" onClick={outbox.reload} loading={outbox.refreshing} data-testid="outbox-refresh">
          <RefreshCw size={14} aria-hidden /> {t`Refresh`}
        </Button>
        {outbox.page && (
          <Text textStyle="xs" color="fg.muted" data-testid="outbox-count">
            <Trans>
              {i18n.number(shown.length)} of {i18n.number(outbox.page.total)} mails. Read again every 15 seconds; links with a token are masked.
            </Trans>
          </Text>
        )}
      </HStack>
      <LoadState
        loading={outbox.loading}
        error={outbox.error}
        empty={(items?.length ?? 0) === 0}
        emptyText={t`The outbox is empty: no mail was queued yet.`}
        forbiddenText={t`The outbox holds the mails of every tenant: it needs Read on this page in the Global column.`}
        onRetry={outbox.reload}
      >
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Mails in the outbox`}>
          <Table.Root size="sm" data-testid="outbox-table">
            <Table.Caption srOnly>{t`Mails in the outbox`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader width="1%">
                  <Text srOnly>{t`Text`}</Text>
                </Table.ColumnHeader>
                {header('to', t`To`)}
                {header('subject', t`Subject`)}
                {header('state', t`State`)}
                {header('attempts', t`Attempts`, true)}
                {header('createdAt', t`Queued at`)}
                {header('sentAt', t`Sent at`)}
                <Table.ColumnHeader textAlign="end">{t`Actions`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((mail) => {
                const expanded = open === mail.oid;
                return (
                  <Fragment key={mail.oid}>
                    <Table.Row data-mail-oid={mail.oid}>
                      <Table.Cell>
                        <Button size="2xs" variant="ghost" aria-expanded={expanded} aria-controls={`mail-text-${mail.oid}`} aria-label={expanded ? t`Hide the text` : t`Show the text`} onClick={() => setOpen(expanded ? undefined : mail.oid)}>
                          {expanded ? <ChevronUp size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
                        </Button>
                      </Table.Cell>
                      <Table.Cell>
                        <bdi>{mail.to}</bdi>
                      </Table.Cell>
                      <Table.Cell>
                        <bdi>{mail.subject}</bdi>
                      </Table.Cell>
                      <Table.Cell>
                        <Stack gap="0.5" align="start">
                          <OutboxStateBadge state={mail.state} />
                          {mail.lastError && (
                            <Text textStyle="xs" color="fg.error" maxW="xs" truncate title={mail.lastError} data-testid="outbox-error">
                              <bdi>{mail.lastError}</bdi>
                            </Text>
                          )}
                        </Stack>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{i18n.number(mail.attempts)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{when(mail.createdAt)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap" title={mail.nextAttemptAt ? t`Next attempt ${when(mail.nextAttemptAt)}` : undefined}>
                        {when(mail.sentAt)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {mail.state !== 'sent' && mayUpdate && (
                          <Button size="xs" variant="outline" me="2" onClick={() => void resend(mail)} loading={resending === mail.oid} data-testid="outbox-resend">
                            <RotateCcw size={12} aria-hidden /> {t`Send again`}
                          </Button>
                        )}
                        {mayDelete && (
                          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(mail)} aria-label={t`Delete the mail to ${mail.to}`} data-testid="outbox-delete">
                            <Trash2 size={12} aria-hidden />
                          </Button>
                        )}
                      </Table.Cell>
                    </Table.Row>
                    {expanded && (
                      <Table.Row>
                        <Table.Cell colSpan={8} id={`mail-text-${mail.oid}`}>
                          <Box as="pre" dir="auto" whiteSpace="pre-wrap" fontFamily="mono" textStyle="xs" m="0" data-testid="outbox-text">
                            {mail.text}
                          </Box>
                        </Table.Cell>
                      </Table.Row>
                    )}
                  </Fragment>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {shown.length === 0 && <Text color="fg.muted">{t`No mail matches the filter.`}</Text>}
      </LoadState>
      {deleting && <DeleteMailDialog mail={deleting} onDelete={outbox.remove} onClose={() => setDeleting(undefined)} />}
    </Stack>
  );
}
