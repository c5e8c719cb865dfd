import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { CartTotals as Totals } from '../../../schemas/price-calculation';
import type { CartState } from './cart-types';
import { formatMoney, formatRate } from './money';

/** Subtotal, discounts and total, and the taxes per rate (net, tax, gross) as the receipt would state them. */
export function CartTotals({ cart, totals }: { cart: CartState; totals: Totals }) {
  const { t, i18n } = useLingui();
  const money = (units: number) => <bdi>{formatMoney(units, cart.currency, cart.decimals, i18n.locale)}</bdi>;
  const row = (label: string, units: number, testId: string, strong = false) => (
    <HStack justify="space-between" data-testid={testId}>
      <Text textStyle={strong ? 'lg' : 'sm'} fontWeight={strong ? 'semibold' : 'normal'}>
        {label}
      </Text>
      <Text textStyle={strong ? 'lg' : 'sm'} fontWeight={strong ? 'semibold' : 'normal'} data-testid={`${testId}-value`}>
        {money(units)}
      </Text>
    </HStack>
  );
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="cart-totals">
      {row(t`Subtotal`, totals.subtotal, 'cart-subtotal')}
      {totals.lineDiscounts !== 0 && row(t`Line discounts`, -totals.lineDiscounts, 'cart-line-discounts')}
      {totals.cartDiscount !== 0 && row(t`Cart discount`, -totals.cartDiscount, 'cart-discount-total')}
      <Box borderTopWidth="1px" pt="2">
        {row(t`Total`, totals.total, 'cart-total', true)}
      </Box>
      {totals.taxes.length > 0 && (
        <Table.Root size="sm" data-testid="cart-taxes">
          <Table.Caption textAlign="start" captionSide="top" color="fg.muted">
            {t`Taxes per rate (prices include tax)`}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t`Rate`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`Net`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`Tax`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`Gross`}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {totals.taxes.map((tax) => (
              <Table.Row key={tax.rate} data-testid="cart-tax-rate">
                <Table.Cell>
                  <bdi>{formatRate(tax.rate, i18n.locale)}</bdi>
                </Table.Cell>
                <Table.Cell textAlign="end">{money(tax.net)}</Table.Cell>
                <Table.Cell textAlign="end">{money(tax.tax)}</Table.Cell>
                <Table.Cell textAlign="end">{money(tax.amount)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
