import { describe, expect, it } from 'vitest';
import { cartReducer, cartTotals, emptyCart, restoreCart, type CartAction } from './cart-state';
import type { CartArticle } from './cart-types';

const coffee: CartArticle = { oid: 1, articleNumber: 'A-1', gtin: '4006381333931', text: 'Coffee', unitPrice: 11.9, taxRate: 19, discountable: true };
const bread: CartArticle = { oid: 2, articleNumber: 'A-2', gtin: null, text: 'Bread', unitPrice: 2.14, taxRate: 7, discountable: false };
const add = (article: CartArticle): CartAction => ({ type: 'add', article, currency: 'EUR', decimals: 2 });
const run = (...actions: CartAction[]) => actions.reduce(cartReducer, emptyCart());

describe('the shopping cart state', () => {
  it('counts an article added twice up on one line, and computes totals and taxes per rate', () => {
    const cart = run(add(coffee), add(bread), add(coffee));
    expect(cart.lines.map((line) => [line.article.text, line.quantity])).toEqual([['Coffee', 2], ['Bread', 1]]);
    const totals = cartTotals(cart);
    expect(totals.total).toBe(2380 + 214);
    expect(totals.taxes).toEqual([
      { rate: 7, amount: 214, net: 200, tax: 14 },
      { rate: 19, amount: 2380, net: 2000, tax: 380 },
    ]);
  });

  it('applies line and cart discounts, never to an article that disallows them', () => {
    let cart = run(add(coffee), add(bread));
    const [first, second] = cart.lines;
    cart = cartReducer(cart, { type: 'line-discount', key: first!.key, discount: { kind: 'percent', value: 10 } });
    cart = cartReducer(cart, { type: 'line-discount', key: second!.key, discount: { kind: 'amount', value: 1 } });
    cart = cartReducer(cart, { type: 'cart-discount', discount: { kind: 'amount', value: 0.5 } });
    const totals = cartTotals(cart);
    expect(totals.lineDiscounts).toBe(119);
    expect(totals.cartDiscount).toBe(50);
    expect(totals.lines[1]).toMatchObject({ lineDiscount: 0, cartDiscount: 0, amount: 214 });
    expect(totals.total).toBe(1190 + 214 - 119 - 50);
  });

  it('keeps quantities and discounts within what the POS accepts, and drops a zero discount', () => {
    let cart = run(add(coffee));
    const key = cart.lines[0]!.key;
    cart = cartReducer(cart, { type: 'quantity', key, quantity: 1e9 });
    expect(cart.lines[0]!.quantity).toBe(99_999);
    cart = cartReducer(cart, { type: 'quantity', key, quantity: 1.23456 });
    expect(cart.lines[0]!.quantity).toBe(1.235);
    cart = cartReducer(cart, { type: 'line-discount', key, discount: { kind: 'percent', value: 250 } });
    expect(cart.lines[0]!.discount).toEqual({ kind: 'percent', value: 100 });
    cart = cartReducer(cart, { type: 'line-discount', key, discount: { kind: 'amount', value: 0 } });
    expect(cart.lines[0]!.discount).toBeUndefined();
    expect(cartReducer(cart, { type: 'remove', key }).lines).toEqual([]);
  });

  it('starts over when an article comes in another currency, and restores only what looks like a cart', () => {
    const cart = run(add(coffee));
    const yen = cartReducer(cart, { type: 'add', article: { ...coffee, unitPrice: 1200 }, currency: 'JPY', decimals: 0 });
    expect(yen).toMatchObject({ currency: 'JPY', decimals: 0 });
    expect(yen.lines).toHaveLength(1);
    expect(restoreCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
    expect(restoreCart('nonsense')).toEqual(emptyCart());
    expect(restoreCart({ currency: 'EUR', decimals: 2, lines: [{ key: 'x' }] }).lines).toEqual([]);
  });
});
