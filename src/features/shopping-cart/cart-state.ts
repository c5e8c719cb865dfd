import { calculateCart, toMinorUnits, type CartInput, type CartTotals, type Discount } from '../../../schemas/price-calculation';
import type { CartArticle, CartLine, CartState, DiscountEntry } from './cart-types';

/** The most one line may hold (the POS refuses more too). */
export const MAX_QUANTITY = 99_999;

/** What the page can do to the cart. */
export type CartAction =
  | { type: 'add'; article: CartArticle; currency: string; decimals: number }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'line-discount'; key: string; discount: DiscountEntry | undefined }
  | { type: 'cart-discount'; discount: DiscountEntry | undefined }
  | { type: 'remove'; key: string }
  | { type: 'clear' };

/** An empty cart in a currency. */
export function emptyCart(currency = 'EUR', decimals = 2): CartState {
  return { currency, decimals, lines: [] };
}

/** A quantity the POS accepts: up to three decimals, between -MAX and MAX (negative: a returned item). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.round(Math.min(Math.max(quantity, -MAX_QUANTITY), MAX_QUANTITY) * 1000) / 1000;
}

/** A discount the calculation accepts, or undefined for none (a zero, a negative or an unreadable value). */
export function cleanDiscount(discount: DiscountEntry | undefined): DiscountEntry | undefined {
  if (!discount || !Number.isFinite(discount.value) || discount.value <= 0) return undefined;
  return { kind: discount.kind, value: discount.kind === 'percent' ? Math.min(Math.round(discount.value * 100) / 100, 100) : discount.value };
}

/** The next cart after an action. Adding an article that is already in the cart counts its line up by one. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      // A cart in another currency (the tenant changed its currency) starts over: amounts of two currencies never mix.
      const base = state.currency === action.currency ? state : emptyCart(action.currency, action.decimals);
      const existing = base.lines.find((line) => line.article.oid === action.article.oid && !line.discount);
      if (existing) return { ...base, lines: base.lines.map((line) => (line === existing ? { ...line, quantity: clampQuantity(line.quantity + 1), article: action.article } : line)) };
      const key = `${action.article.oid}-${base.lines.reduce((max, line) => Math.max(max, Number(line.key.split('-')[1] ?? 0)), 0) + 1}`;
      return { ...base, decimals: action.decimals, lines: [...base.lines, { key, article: action.article, quantity: 1 }] };
    }
    case 'quantity':
      return { ...state, lines: state.lines.map((line) => (line.key === action.key ? { ...line, quantity: clampQuantity(action.quantity) } : line)) };
    case 'line-discount':
      return { ...state, lines: state.lines.map((line) => (line.key === action.key ? withDiscount(line, cleanDiscount(action.discount)) : line)) };
    case 'cart-discount': {
      const discount = cleanDiscount(action.discount);
      const { discount: _old, ...rest } = state;
      return discount ? { ...rest, discount } : rest;
    }
    case 'remove':
      return { ...state, lines: state.lines.filter((line) => line.key !== action.key) };
    case 'clear':
      return emptyCart(state.currency, state.decimals);
  }
}

function withDiscount(line: CartLine, discount: DiscountEntry | undefined): CartLine {
  const { discount: _old, ...rest } = line;
  return discount ? { ...rest, discount } : rest;
}

/** A discount entry in the calculation's terms (amounts in minor units). */
function discountInput(entry: DiscountEntry | undefined, decimals: number): Discount | undefined {
  if (!entry) return undefined;
  return entry.kind === 'percent' ? { percent: entry.value } : { amount: toMinorUnits(entry.value, decimals) };
}

/** The cart as the price calculation takes it. */
export function cartInputOf(state: CartState): CartInput {
  return {
    lines: state.lines.map((line) => ({
      unitPrice: toMinorUnits(line.article.unitPrice, state.decimals),
      quantity: line.quantity,
      taxRate: line.article.taxRate,
      discountable: line.article.discountable,
      discount: discountInput(line.discount, state.decimals),
    })),
    discount: discountInput(state.discount, state.decimals),
  };
}

/** The totals of the cart, computed as the POS does (schemas/price-calculation.ts). */
export function cartTotals(state: CartState): CartTotals {
  return calculateCart(cartInputOf(state));
}

/** A kept cart read back, or an empty one when it is missing or does not look like a cart. */
export function restoreCart(kept: unknown): CartState {
  if (!kept || typeof kept !== 'object') return emptyCart();
  const value = kept as Partial<CartState>;
  if (typeof value.currency !== 'string' || typeof value.decimals !== 'number' || !Array.isArray(value.lines)) return emptyCart();
  const lines = value.lines.filter((line): line is CartLine => !!line && typeof line.key === 'string' && typeof line.quantity === 'number' && !!line.article && typeof line.article.unitPrice === 'number' && typeof line.article.taxRate === 'number');
  return { currency: value.currency, decimals: value.decimals, lines, ...(cleanDiscount(value.discount) ? { discount: cleanDiscount(value.discount) } : {}) };
}
