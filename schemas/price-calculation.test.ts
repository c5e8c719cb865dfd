import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCart, discountOf, fromMinorUnits, lineGross, taxOfGross, taxTotalsOf, toMinorUnits, type CartInput, type PriceLineInput } from './price-calculation';

const RATES = [0, 5.5, 7, 10, 19, 20, 21, 7.7, 8.1];
const discount = fc.oneof(
  fc.constant(undefined),
  fc.record({ percent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100) }),
  fc.record({ amount: fc.integer({ min: 0, max: 50_000 }) }),
);
const line: fc.Arbitrary<PriceLineInput> = fc.record({
  unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
  quantity: fc.integer({ min: -5_000, max: 50_000 }).map((thousandths) => thousandths / 1000),
  taxRate: fc.constantFrom(...RATES),
  discount,
  discountable: fc.boolean(),
});
const cart: fc.Arbitrary<CartInput> = fc.record({ lines: fc.array(line, { maxLength: 12 }), discount });

describe('the price calculation', () => {
  it('rounds a line half away from zero, and takes the tax out of a gross once per rate', () => {
    expect(lineGross(199, 3)).toBe(597);
    expect(lineGross(333, 1.5)).toBe(500); // 499.5 rounds up
    expect(lineGross(333, -1.5)).toBe(-500);
    expect(taxOfGross(119, 19)).toBe(19);
    expect(taxOfGross(1000, 7)).toBe(65); // 65.42
    // Three lines of 0.10 at 19 %: per line the tax would be 0.02 x 3 = 0.06; once on the sum it is 0.05.
    expect(taxTotalsOf([10, 10, 10].map((amount) => ({ amount, taxRate: 19 })))).toEqual([{ rate: 19, amount: 30, net: 25, tax: 5 }]);
  });

  it('never discounts more than the line costs', () => {
    expect(discountOf(500, { percent: 10 })).toBe(50);
    expect(discountOf(500, { amount: 900 })).toBe(500);
    expect(discountOf(-500, { amount: 100 })).toBe(-100);
    expect(discountOf(500, { percent: 150 })).toBe(500);
  });

  it('computes a cart with a line discount and a cart discount spread over two tax rates', () => {
    const totals = calculateCart({
      lines: [
        { unitPrice: 1190, quantity: 2, taxRate: 19, discount: { percent: 10 } },
        { unitPrice: 107, quantity: 3, taxRate: 7 },
        { unitPrice: 500, quantity: 1, taxRate: 19, discountable: false, discount: { amount: 100 } },
      ],
      discount: { amount: 100 },
    });
    expect(totals.subtotal).toBe(2380 + 321 + 500);
    expect(totals.lineDiscounts).toBe(238);
    expect(totals.cartDiscount).toBe(100);
    // 2142 and 321 carry the 100 in proportion: 86.9 and 13.0 -> 87 and 13.
    expect(totals.lines.map((l) => l.cartDiscount)).toEqual([87, 13, 0]);
    expect(totals.total).toBe(3201 - 238 - 100);
    expect(totals.taxes).toEqual([
      { rate: 7, amount: 308, net: 288, tax: 20 },
      { rate: 19, amount: 2555, net: 2147, tax: 408 },
    ]);
  });

  it('adds up: lines, discounts, totals per rate and net + tax all agree', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const totals = calculateCart(input);
        expect(totals.total).toBe(totals.subtotal - totals.lineDiscounts - totals.cartDiscount);
        expect(totals.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(totals.total);
        expect(totals.lines.reduce((sum, l) => sum + l.cartDiscount, 0)).toBe(totals.cartDiscount);
        expect(totals.taxes.reduce((sum, t) => sum + t.amount, 0)).toBe(totals.total);
        for (const tax of totals.taxes) expect(tax.net + tax.tax).toBe(tax.amount);
        for (const priced of totals.lines) expect(Math.abs(priced.lineDiscount + priced.cartDiscount)).toBeLessThanOrEqual(Math.max(Math.abs(priced.gross), 0));
        for (const [index, priced] of totals.lines.entries()) if (input.lines[index]!.discountable === false) expect(priced.lineDiscount + priced.cartDiscount).toBe(0);
        expect(new Set(totals.taxes.map((t) => t.rate)).size).toBe(totals.taxes.length);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(cart.chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray([...input.lines], { minLength: input.lines.length, maxLength: input.lines.length }))), ([input, shuffled]) => {
        const a = calculateCart(input);
        const b = calculateCart({ ...input, lines: shuffled });
        expect(b.total).toBe(a.total);
        expect(b.cartDiscount).toBe(a.cartDiscount);
        expect(b.taxes).toEqual(a.taxes);
      }),
    );
  });

  it('converts currency units to minor units and back without binary drift', () => {
    expect(toMinorUnits(1.005, 2)).toBe(101);
    expect(toMinorUnits(-19.99, 2)).toBe(-1999);
    expect(toMinorUnits(1234, 0)).toBe(1234);
    expect(toMinorUnits(1.2345, 3)).toBe(1235);
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0, 2, 3), (units, decimals) => toMinorUnits(fromMinorUnits(units, decimals), decimals) === units));
  });
});
