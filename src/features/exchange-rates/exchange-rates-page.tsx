import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { useNavigationData } from '../../shell/navigation-context';
import { useTenancy } from '../../shell/tenancy-context';
import { LoadState } from '../../lib/ui/load-state';
import { RateDialog, type RateDialogTarget } from './rate-dialog';
import { RateHistoryDialog } from './rate-history-dialog';
import { useExchangeRates, type ExchangeRateRow } from './use-exchange-rates';

/** The page's navigation path: its rights in the tenant worked in decide which buttons work (the server checks each call). */
export const EXCHANGE_RATES_PAGE_PATH = '/settings/exchange-rates';
/** The amount of the tenant's currency the list converts, as the dashboard card does (spec 2 "testValue"). */
const TEST_VALUE = 100;

/** /settings/exchange-rates (component 'exchange-rates'): the tenant's current rates, edited by hand, each with its history. */
export function ExchangeRatesPage() {
  const { t, i18n } = useLingui();
  const { tenantOid } = useTenancy();
  const { rates, loading, error, reload, setRate, removeRate } = useExchangeRates(tenantOid);
  const rights = useNavigationData().permissions[EXCHANGE_RATES_PAGE_PATH] ?? {};
  const [editing, setEditing] = useState<RateDialogTarget | undefined>(undefined);
  const [history, setHistory] = useState<string | undefined>(undefined);
  const [removing, setRemoving] = useState<ExchangeRateRow | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const refCurrency = rates?.refCurrency ?? '';
  const money = (value: number, currency: string) => i18n.number(value, { style: 'currency', currency, maximumFractionDigits: 4 });

  const remove = async (rate: ExchangeRateRow) => {
    setBusy(true);
    try {
      await removeRate(rate.foreignCurrency);
      toasts.show({ type: 'success', title: t`${rate.foreignCurrency} removed` });
      setRemoving(undefined);
    } catch (problem) {
      showError(problem);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4" data-testid="exchange-rates-page">
      <HStack gap="3" flexWrap="wrap" justify="space-between">
        {rates && (
          <Text color="fg.muted" textStyle="sm" data-testid="exchange-rates-summary">
            <Trans>
              Rates against {refCurrency}. An import by the bridge job import-exchange-rates overwrites them; every value stays in the history.
            </Trans>
          </Text>
        )}
        <Button size="sm" colorPalette="blue" disabled={!rights.Create || !rates} onClick={() => setEditing({})} data-testid="rate-add">
          {t`Add currency`}
        </Button>
      </HStack>
      <LoadState
        loading={loading}
        error={error}
        empty={(rates?.items ?? []).length === 0}
        emptyText={t`No exchange rates yet: add one, or let the bridge job import-exchange-rates import them.`}
        forbiddenText={t`Reading the exchange rates needs Read on this page in the tenant.`}
        onRetry={reload}
      >
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Exchange rates`}>
          <Table.Root size="sm" data-testid="exchange-rate-table">
            <Table.Caption srOnly>{t`Exchange rates`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Currency`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`What 1 ${refCurrency} buys`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`${money(TEST_VALUE, refCurrency || 'EUR')} buy`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Changed`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`By`}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t`Actions`}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(rates?.items ?? []).map((rate) => (
                <Table.Row key={rate.foreignCurrency} data-currency={rate.foreignCurrency}>
                  <Table.Cell fontFamily="mono">{rate.foreignCurrency}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="rate-value-cell">
                    {i18n.number(rate.exchangeRate, { maximumFractionDigits: 8 })}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{money(TEST_VALUE * rate.exchangeRate, rate.foreignCurrency)}</Table.Cell>
                  <Table.Cell>{i18n.date(rate.modifiedAt, { dateStyle: 'short', timeStyle: 'short' })}</Table.Cell>
                  <Table.Cell>
                    <bdi>{rate.modifiedBy ?? t`Import`}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" justify="end">
                      <Button size="xs" variant="outline" disabled={!rights.Update} onClick={() => setEditing({ currency: rate.foreignCurrency, exchangeRate: rate.exchangeRate })} aria-label={t`Change the rate of ${rate.foreignCurrency}`} data-testid="rate-edit">
                        {t`Change`}
                      </Button>
                      <Button size="xs" variant="outline" onClick={() => setHistory(rate.foreignCurrency)} aria-label={t`History of ${rate.foreignCurrency}`} data-testid="rate-history-open">
                        {t`History`}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" disabled={!rights.Delete} onClick={() => setRemoving(rate)} aria-label={t`Remove ${rate.foreignCurrency}`} data-testid="rate-remove">
                        {t`Remove`}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </LoadState>
      {editing && rates && (
        <RateDialog target={editing} refCurrency={refCurrency} known={rates.items.map((rate) => rate.foreignCurrency)} onSave={setRate} onClose={() => setEditing(undefined)} />
      )}
      {history && tenantOid !== undefined && <RateHistoryDialog tenantOid={tenantOid} currency={history} onClose={() => setHistory(undefined)} />}
      {removing && (
        <ActionDialog
          title={t`Remove ${removing.foreignCurrency}?`}
          testId="rate-remove-dialog"
          role="alertdialog"
          busy={busy}
          onCancel={() => setRemoving(undefined)}
          action={{ label: t`Remove`, colorPalette: 'red', onClick: () => void remove(removing), testId: 'rate-remove-confirm' }}
        >
          <Text>{t`Amounts in ${removing.foreignCurrency} can no longer be converted until a rate is added again or imported. Its history stays.`}</Text>
        </ActionDialog>
      )}
    </Stack>
  );
}
