import { Button, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { CountryFlag } from '../../lib/ui/country-flag';
import { useNavigationData } from '../../shell/navigation-context';
import { BRIDGE_PATH, UNPROCESSED_DOCUMENTS_PATH } from './diagnostics-paths';
import type { UnprocessedDocument } from '../../../schemas/diagnostics-wire';
import { LoadState } from '../../lib/ui/load-state';
import { ReprocessProgress } from './reprocess-progress';
import { TenantFilter } from './tenant-filter';
import { filterUnprocessed, kindsOf } from './unprocessed-filter';
import { useTenancy } from '../../shell/tenancy-context';
import { useUnprocessedDocuments } from './use-unprocessed-documents';
import { storedReason } from '../../lib/i18n/stored-reasons';

/** /diagnostics/unprocessed-documents (component 'unprocessed-documents'): the queue, why each waits, and reprocessing. */
export function UnprocessedDocumentsPage() {
  const { t, i18n } = useLingui();
  const [tenant, setTenant] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState('');
  const [text, setText] = useState('');
  const queue = useUnprocessedDocuments(tenant);
  const [busyOid, setBusyOid] = useState<number | undefined>(undefined);
  const [startingAll, setStartingAll] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { tenants } = useTenancy();
  const { permissions } = useNavigationData();
  const mayReprocessOne = permissions[UNPROCESSED_DOCUMENTS_PATH]?.Update === true;
  const mayReprocessAll = permissions[BRIDGE_PATH]?.Update === true;
  const items = useMemo(() => queue.documents?.items ?? [], [queue.documents]);
  const shown = useMemo(() => filterUnprocessed(items, { kind, text }, (reason) => storedReason(i18n, reason)), [items, kind, text, i18n]);
  const kinds = useMemo(() => kindsOf(items), [items]);
  const count = queue.documents?.count ?? 0;

  const reprocessOne = async (document: UnprocessedDocument) => {
    setBusyOid(document.oid);
    try {
      const outcome = await queue.reprocessOne(document.oid);
      const uid = document.uid.slice(0, 8);
      if (outcome.processed) toasts.show({ type: 'success', title: t`Document ${uid} processed` });
      else toasts.show({ type: 'warning', title: t`Document ${uid} stays unprocessed`, content: outcome.reason === null ? undefined : storedReason(i18n, outcome.reason) });
    } catch (error) {
      showError(error);
    } finally {
      setBusyOid(undefined);
    }
  };
  const reprocessAll = async () => {
    setStartingAll(true);
    try {
      // Every tenant of the user when none is chosen: the server keeps those where they may reprocess, in one run.
      await queue.reprocessAll(tenant === undefined ? tenants.map((option) => option.oid) : [tenant]);
    } catch (error) {
      showError(error);
    } finally {
      setStartingAll(false);
    }
  };
  const cancelRun = async () => {
    setCancelling(true);
    try {
      await queue.cancelRun();
    } catch (error) {
      showError(error);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Stack gap="4" data-testid="unprocessed-documents">
      <HStack gap="3" flexWrap="wrap">
        <TenantFilter value={tenant} onChange={setTenant} />
        <NativeSelect.Root size="sm" maxW="48">
          <NativeSelect.Field value={kind} onChange={(event) => setKind(event.target.value)} aria-label={t`Kind`} data-testid="kind-filter">
            <option value="">{t`All kinds`}</option>
            {kinds.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input maxW="xs" size="sm" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t`Filter by reason, Uid, number…`} aria-label={t`Filter documents`} />
        <Button size="sm" colorPalette="blue" onClick={() => void reprocessAll()} loading={startingAll} disabled={!mayReprocessAll || !queue.online || items.length === 0 || queue.running} data-testid="reprocess-all">
          <RotateCcw size={14} aria-hidden /> {t`Reprocess all`}
        </Button>
        {queue.documents && (
          <Text role="status" textStyle="sm" color="fg.muted" data-testid="unprocessed-count">
            <Trans>{count} unprocessed</Trans>
          </Text>
        )}
      </HStack>
      <ReprocessProgress run={queue.run} onCancel={() => void cancelRun()} cancelling={cancelling} onDismiss={queue.dismissRun} />
      <LoadState
        loading={queue.loading}
        error={queue.error}
        empty={shown.length === 0}
        emptyText={items.length === 0 ? t`No document waits: every document handed in is processed.` : t`No document matches the filter.`}
        forbiddenText={t`Reading the unprocessed documents needs Read on this page in the tenant.`}
        onRetry={queue.reload}
      >
        {/* Positioned, so the visually hidden header text stays inside the scrolling region instead of widening the page. */}
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Unprocessed documents and why they wait`}>
          <Table.Root size="sm" data-testid="unprocessed-table">
            <Table.Caption srOnly>{t`Unprocessed documents and why they wait`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Tenant`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Document`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Created`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Terminal`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Total`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Reason`}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t`Actions`}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((document) => (
                <Table.Row key={document.oid} data-document-oid={document.oid}>
                  <Table.Cell>
                    <HStack gap="2">
                      <CountryFlag country={document.country} />
                      <Text as="span">{document.tenantName ?? `#${document.tenantOid}`}</Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="0">
                      <Text as="span">
                        {document.kind} <bdi>{document.id ?? ''}</bdi>
                      </Text>
                      <Text as="bdi" textStyle="xs" color="fg.muted" fontFamily="mono" title={document.uid}>
                        {document.uid.slice(0, 8)}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>{i18n.date(document.createdAt, { dateStyle: 'short', timeStyle: 'short' })}</Table.Cell>
                  <Table.Cell>
                    <bdi>{document.terminalNumber === null ? (document.terminalName ?? '–') : `${document.terminalNumber} ${document.terminalName ?? ''}`}</bdi>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{i18n.number(document.total, { style: 'currency', currency: document.currency })}</Table.Cell>
                  <Table.Cell minW="xs" maxW="md" whiteSpace="normal" data-testid="unprocessed-reason">
                    {document.reason ? <bdi title={document.reason}>{storedReason(i18n, document.reason)}</bdi> : <Text color="fg.muted">{t`Not processed yet`}</Text>}
                  </Table.Cell>
                  <Table.Cell>
                    <Button size="xs" variant="outline" disabled={!mayReprocessOne || busyOid !== undefined} loading={busyOid === document.oid} onClick={() => void reprocessOne(document)} aria-label={t`Reprocess document ${document.uid}`}>
                      {t`Reprocess`}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </LoadState>
    </Stack>
  );
}
