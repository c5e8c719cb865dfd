import { Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Trash } from 'lucide-react';
import { ArticleSearch } from './article-search';
import { CartLines } from './cart-lines';
import { CartTotals } from './cart-totals';
import { DiscountInput } from './discount-input';
import { useShoppingCart } from './use-shopping-cart';

/**
 * /tools/shopping-cart (component 'shopping-cart'): builds a cart from the tenant's articles and shows the totals,
 * the discounts and the taxes per rate exactly as the POS computes them (docs/shopping-cart.md).
 */
export function ShoppingCartPage() {
  const { t } = useLingui();
  const { cart, totals, dispatch } = useShoppingCart();
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(18rem, 1fr)' }} gap="4" data-testid="shopping-cart">
      <Stack gap="4" minW="0">
        <ArticleSearch onAdd={(article, answer) => dispatch({ type: 'add', article, currency: answer.currency, decimals: answer.decimals })} />
        <CartLines cart={cart} totals={totals} dispatch={dispatch} />
      </Stack>
      <Stack gap="3" minW="0">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Text textStyle="sm" fontWeight="medium">
            {t`Cart discount`}
          </Text>
          <DiscountInput value={cart.discount} onChange={(discount) => dispatch({ type: 'cart-discount', discount })} currency={cart.currency} label={t`Cart discount`} testId="cart-discount" />
        </HStack>
        <CartTotals cart={cart} totals={totals} />
        <Button size="sm" variant="outline" colorPalette="red" disabled={cart.lines.length === 0} onClick={() => dispatch({ type: 'clear' })}>
          <Trash size={14} aria-hidden /> {t`Empty the cart`}
        </Button>
      </Stack>
    </Grid>
  );
}
