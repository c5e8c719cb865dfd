import { Badge, Button, Dialog, Portal, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LoadState } from '../../lib/ui/load-state';
import { dialogSize } from '../../lib/ui/modal-size';
import { useExchangeRateHistory } from './use-exchange-rates';

/** Every value a rate had, newest first, with who set it: a user, or the import run (job). */
export function RateHistoryDialog({ tenantOid, currency, onClose }: { tenantOid: number; currency: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { items, loading, error, reload } = useExchangeRateHistory(tenantOid, currency);
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} placement="center" size={dialogSize('lg')} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="rate-history-dialog">
            <Dialog.Header>
              <Dialog.Title>{t`History of ${currency}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <LoadState loading={loading} error={error} empty={(items ?? []).length === 0} emptyText={t`No history yet.`} forbiddenText={t`Reading the exchange rates needs Read on this page in the tenant.`} onRetry={reload}>
                <Table.Root size="sm" data-testid="rate-history">
                  <Table.Caption srOnly>{t`History of ${currency}`}</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t`Changed`}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t`Rate`}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t`By`}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {(items ?? []).map((entry, index) => (
                      <Table.Row key={`${entry.modifiedAt}-${index}`}>
                        <Table.Cell>{i18n.date(entry.modifiedAt, { dateStyle: 'short', timeStyle: 'short' })}</Table.Cell>
                        <Table.Cell textAlign="end">
                          {entry.removed ? (
                            <Badge colorPalette="red" size="sm">
                              {t`Removed`}
                            </Badge>
                          ) : (
                            i18n.number(entry.exchangeRate, { maximumFractionDigits: 8 })
                          )}
                        </Table.Cell>
                        <Table.Cell>
                          <Text as="bdi">{entry.modifiedBy ?? (entry.jobOid === null ? t`Import` : t`Import (run ${entry.jobOid})`)}</Text>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </LoadState>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="rate-history-close">
                {t`Close`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
