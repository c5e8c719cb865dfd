import { IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import type { CartTotals } from '../../../schemas/price-calculation';
import type { CartAction } from './cart-state';
import type { CartState } from './cart-types';
import { DiscountInput } from './discount-input';
import { formatMoney, formatRate } from './money';
import { toMinorUnits } from '../../../schemas/price-calculation';

/** The cart's lines: article, unit price, quantity, line discount, amount, and a way to remove each. */
export function CartLines({ cart, totals, dispatch }: { cart: CartState; totals: CartTotals; dispatch: (action: CartAction) => void }) {
  const { t, i18n } = useLingui();
  const money = (units: number) => <bdi>{formatMoney(units, cart.currency, cart.decimals, i18n.locale)}</bdi>;
  if (cart.lines.length === 0) {
    return (
      <Text color="fg.muted" data-testid="cart-empty">
        {t`The cart is empty. Search for an article above and add it.`}
      </Text>
    );
  }
  return (
    <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Cart lines`}>
      <Table.Root size="sm" data-testid="cart-lines">
        <Table.Caption srOnly>{t`Cart lines`}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t`Article`}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t`Unit price`}</Table.ColumnHeader>
            <Table.ColumnHeader>{t`Quantity`}</Table.ColumnHeader>
            <Table.ColumnHeader>{t`Line discount`}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{t`Remove`}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {cart.lines.map((line, index) => {
            const priced = totals.lines[index]!;
            const discounts = priced.lineDiscount + priced.cartDiscount;
            return (
              <Table.Row key={line.key} data-testid="cart-line">
                <Table.Cell minW="40">
                  <Stack gap="0">
                    <Text textStyle="sm">
                      <bdi>{line.article.text}</bdi>
                    </Text>
                    <Text textStyle="xs" color="fg.muted">
                      <bdi>{line.article.articleNumber ?? line.article.gtin ?? ''}</bdi> · {formatRate(line.article.taxRate, i18n.locale)}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell textAlign="end">{money(toMinorUnits(line.article.unitPrice, cart.decimals))}</Table.Cell>
                <Table.Cell>
                  <Input
                    size="sm"
                    type="number"
                    step="1"
                    min={-99999}
                    max={99999}
                    w="24"
                    value={line.quantity}
                    aria-label={t`Quantity of ${line.article.text}`}
                    onChange={(event) => event.target.value !== '' && dispatch({ type: 'quantity', key: line.key, quantity: Number(event.target.value) })}
                  />
                </Table.Cell>
                <Table.Cell>
                  {line.article.discountable ? (
                    <DiscountInput value={line.discount} onChange={(discount) => dispatch({ type: 'line-discount', key: line.key, discount })} currency={cart.currency} label={t`Discount on ${line.article.text}`} testId="line-discount" />
                  ) : (
                    <Text textStyle="xs" color="fg.muted">
                      {t`No discount on this article`}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Stack gap="0" align="end">
                    <Text textStyle="sm" fontWeight="medium" data-testid="cart-line-amount">
                      {money(priced.amount)}
                    </Text>
                    {discounts !== 0 && (
                      <Text textStyle="xs" color="fg.muted">
                        {t`instead of`} <s>{money(priced.gross)}</s>
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <IconButton size="xs" variant="ghost" aria-label={t`Remove ${line.article.text}`} onClick={() => dispatch({ type: 'remove', key: line.key })}>
                    <Trash2 size={14} aria-hidden />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
