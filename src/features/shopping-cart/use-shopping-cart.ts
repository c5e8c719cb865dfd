import { useEffect, useMemo, useReducer } from 'react';
import { readUserValue, writeUserValue } from '../../lib/storage/user-storage';
import { useTenancy } from '../../shell/tenancy-context';
import { cartReducer, cartTotals, emptyCart, restoreCart, type CartAction } from './cart-state';
import type { CartState } from './cart-types';

type Kept = { scope: string; cart: CartState };

const storageName = (tenantOid: number | undefined) => `shopping-cart.${tenantOid ?? 'none'}`;

/**
 * The cart of the current user in the current tenant, kept in the browser so that it survives a reload (and another
 * tenant's cart never shows here); the totals are recomputed from it as the POS computes them.
 */
export function useShoppingCart() {
  const { userId, tenantOid } = useTenancy();
  const scope = `${userId ?? 'anonymous'}/${tenantOid ?? 'none'}`;
  const [kept, dispatchKept] = useReducer(
    (state: Kept, action: CartAction | { type: 'scope'; scope: string; cart: CartState }): Kept =>
      action.type === 'scope' ? { scope: action.scope, cart: action.cart } : { ...state, cart: cartReducer(state.cart, action) },
    undefined,
    (): Kept => ({ scope, cart: userId ? restoreCart(readUserValue(userId, storageName(tenantOid))) : emptyCart() }),
  );
  // Another user or tenant: their own kept cart replaces this one.
  useEffect(() => {
    if (kept.scope !== scope) dispatchKept({ type: 'scope', scope, cart: userId ? restoreCart(readUserValue(userId, storageName(tenantOid))) : emptyCart() });
  }, [kept.scope, scope, userId, tenantOid]);
  useEffect(() => {
    if (userId && kept.scope === scope) writeUserValue(userId, storageName(tenantOid), kept.cart);
  }, [kept, scope, userId, tenantOid]);
  const totals = useMemo(() => cartTotals(kept.cart), [kept.cart]);
  return { cart: kept.cart, totals, dispatch: dispatchKept as (action: CartAction) => void };
}
