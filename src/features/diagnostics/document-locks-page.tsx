import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CountryFlag } from '../../lib/ui/country-flag';
import { useNavigationData } from '../../shell/navigation-context';
import { DOCUMENT_LOCKS_PATH } from './diagnostics-paths';
import type { DocumentLock } from '../../../schemas/diagnostics-wire';
import { LoadState } from '../../lib/ui/load-state';
import { ReleaseLockDialog } from './release-lock-dialog';
import { TenantFilter } from './tenant-filter';
import { useDocumentLocks } from './use-document-locks';
import { lockReason } from '../../lib/i18n/stored-reasons';

/** /diagnostics/document-locks (component 'document-locks'): who holds which document, since when, on which terminal. */
export function DocumentLocksPage() {
  const { t, i18n } = useLingui();
  const [tenant, setTenant] = useState<number | undefined>(undefined);
  const [staleOnly, setStaleOnly] = useState(false);
  const { locks, loading, error, reload, release } = useDocumentLocks(tenant);
  const [releasing, setReleasing] = useState<DocumentLock | undefined>(undefined);
  // The rights of the tenant the user works in; the server checks each release in the lock's own tenant.
  const mayRelease = useNavigationData().permissions[DOCUMENT_LOCKS_PATH]?.Delete === true;
  const when = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? i18n.date(value, { dateStyle: 'short', timeStyle: 'short' }) : (value ?? '–'));
  const shown = (locks?.items ?? []).filter((lock) => !staleOnly || lock.stale);
  const staleCount = (locks?.items ?? []).filter((lock) => lock.stale).length;
  const total = locks?.count ?? 0;

  return (
    <Stack gap="4" data-testid="document-locks">
      <HStack gap="3" flexWrap="wrap">
        <TenantFilter value={tenant} onChange={setTenant} />
        <Button size="sm" variant={staleOnly ? 'solid' : 'outline'} aria-pressed={staleOnly} onClick={() => setStaleOnly(!staleOnly)} data-testid="stale-only">
          {t`Stale only`}
        </Button>
        {locks && (
          <Text role="status" textStyle="sm" color="fg.muted" data-testid="lock-counts">
            <Trans>
              {total} locks, {staleCount} stale
            </Trans>
          </Text>
        )}
      </HStack>
      <LoadState
        loading={loading}
        error={error}
        empty={shown.length === 0}
        emptyText={staleOnly ? t`No stale lock.` : t`No document is locked.`}
        forbiddenText={t`Reading the document locks needs Read on this page in the tenant.`}
        onRetry={reload}
      >
        {/* Positioned, so the visually hidden header text stays inside the scrolling region instead of widening the page. */}
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Locks held on documents`}>
          <Table.Root size="sm" data-testid="document-lock-table">
            <Table.Caption srOnly>{t`Locks held on documents`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Tenant`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Document`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Locked by`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Since`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Lease until`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Terminal`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Reason`}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t`Actions`}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((lock) => (
                <Table.Row key={lock.oid} data-lock-oid={lock.oid} data-stale={lock.stale}>
                  <Table.Cell>
                    <HStack gap="2">
                      <CountryFlag country={lock.country} />
                      <Text as="span">{lock.tenantName ?? `#${lock.tenantOid}`}</Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="0">
                      <Text as="bdi" fontFamily="mono">
                        {lock.documentNumber ?? '–'}
                      </Text>
                      <Text as="bdi" textStyle="xs" color="fg.muted" fontFamily="mono" title={lock.documentUid}>
                        {lock.documentUid.slice(0, 8)}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <bdi>{lock.lockedBy ?? '–'}</bdi>
                  </Table.Cell>
                  <Table.Cell>{when(lock.lockedAt)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <Text as="span">{when(lock.expiresAt)}</Text>
                      {lock.stale && (
                        <Badge colorPalette="orange" size="sm">
                          {t`Stale`}
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="0">
                      <bdi>{lock.terminalNumber === null ? (lock.terminalName ?? '–') : `${lock.terminalNumber} ${lock.terminalName ?? ''}`}</bdi>
                      <Text textStyle="xs" color="fg.muted">
                        {lock.locationName ?? ''}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>{lock.reason === null ? '' : lockReason(i18n, lock.reason)}</Table.Cell>
                  <Table.Cell>
                    <Button size="xs" variant="outline" disabled={!mayRelease} onClick={() => setReleasing(lock)} aria-label={t`Release the lock on ${lock.documentNumber ?? lock.documentUid}`}>
                      {t`Release`}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </LoadState>
      {releasing && <ReleaseLockDialog lock={releasing} onRelease={release} onClose={() => setReleasing(undefined)} />}
    </Stack>
  );
}
