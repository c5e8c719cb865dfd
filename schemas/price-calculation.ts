/**
 * The price calculation of the POS, in one pure module: the shopping cart page computes a cart with it, and the
 * documents' intake checks a receipt's totals per tax rate with it (server/documents/document-checks.ts).
 *
 * Money is in integer minor units (cents for EUR, yen for JPY), so sums are exact. Prices include tax. The rules
 * (docs/shopping-cart.md "How the POS computes a cart"):
 * 1. A line's gross is unit price x quantity, rounded half away from zero to the minor unit.
 * 2. Its line discount (a percentage of the gross, or an amount, never more than the gross) is taken off.
 * 3. The cart discount (a percentage or an amount) is spread over the discountable lines in proportion to what they
 *    still cost; the cents that proportion leaves over go to the largest remainders, so the shares add up exactly.
 * 4. Lines are summed per tax rate; the tax of a rate is computed once on that sum (not per line):
 *    tax = round(gross x rate / (100 + rate)), net = gross - tax.
 * 5. The total is the sum of the lines; it equals the sum of the gross amounts per rate.
 */

/** A discount: a percentage (0 to 100, up to two decimals) or an amount in minor units (not negative). */
export type Discount = { percent: number } | { amount: number };

/** One line as the cart holds it. */
export interface PriceLineInput {
  /** Unit price including tax, in minor units. */
  unitPrice: number;
  /** Quantity, up to three decimals (weighed goods); negative for a returned item. */
  quantity: number;
  /** Tax rate in percent, up to four decimals. */
  taxRate: number;
  /** The line's own discount. */
  discount?: Discount;
  /** false: no discount of any kind applies (an article with DisallowDiscount). Default true. */
  discountable?: boolean;
}

/** A whole cart. */
export interface CartInput {
  lines: readonly PriceLineInput[];
  /** The discount on the whole cart, spread over its discountable lines. */
  discount?: Discount;
}

/** One computed line, all in minor units. */
export interface PricedLine {
  /** unitPrice x quantity, rounded. */
  gross: number;
  /** What the line discount takes off (same sign as gross). */
  lineDiscount: number;
  /** The line's share of the cart discount. */
  cartDiscount: number;
  /** gross - lineDiscount - cartDiscount: what the customer pays for the line. */
  amount: number;
  taxRate: number;
}

/** The total of one tax rate, in minor units: amount (gross) = net + tax. */
export interface TaxRateTotal {
  rate: number;
  amount: number;
  net: number;
  tax: number;
}

/** A computed cart. */
export interface CartTotals {
  lines: PricedLine[];
  /** Sum of the lines' gross amounts before any discount. */
  subtotal: number;
  /** Sum of the line discounts. */
  lineDiscounts: number;
  /** The cart discount actually given (at most what the discountable lines still cost). */
  cartDiscount: number;
  /** What the customer pays: subtotal - lineDiscounts - cartDiscount. */
  total: number;
  /** Per tax rate, ascending by rate. */
  taxes: TaxRateTotal[];
}

/** Tax rates are compared on four decimals, as they are stored. */
export function taxRateKey(rate: number): number {
  return Math.round(rate * 10_000);
}

/** a / b rounded half away from zero, exactly (BigInt: a product of an amount and a rate may pass 2^53). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const a = numerator < 0n ? -numerator : numerator;
  const b = denominator < 0n ? -denominator : denominator;
  const quotient = (a * 2n + b) / (b * 2n);
  return negative ? -quotient : quotient;
}

const toNumber = (value: bigint) => Number(value) + 0;

/** The gross of a line: unit price x quantity (quantity read to three decimals), half away from zero. */
export function lineGross(unitPrice: number, quantity: number): number {
  const thousandths = BigInt(Math.round(quantity * 1000));
  return toNumber(divideRounded(BigInt(Math.round(unitPrice)) * thousandths, 1000n));
}

/** The tax contained in a gross amount at a rate (prices include tax), half away from zero. */
export function taxOfGross(gross: number, rate: number): number {
  const key = BigInt(taxRateKey(rate));
  return toNumber(divideRounded(BigInt(Math.round(gross)) * key, 1_000_000n + key));
}

/** What a discount takes off a base amount: the percentage of it, or the amount, never more than the base. */
export function discountOf(base: number, discount: Discount | undefined): number {
  if (!discount || base === 0) return 0;
  const magnitude = Math.abs(base);
  const taken =
    'percent' in discount
      ? toNumber(divideRounded(BigInt(magnitude) * BigInt(Math.round(Math.min(Math.max(discount.percent, 0), 100) * 100)), 10_000n))
      : Math.min(Math.max(Math.round(discount.amount), 0), magnitude);
  return Math.sign(base) * taken + 0;
}

/**
 * Spreads `total` over weights (all > 0) in proportion, exactly: floor shares, then one unit each to the largest
 * remainders. Ties go to the higher tax rate, then the larger weight, so the per-rate result does not depend on
 * the order of the lines.
 */
function spread(total: number, weights: readonly { weight: number; rate: number }[]): number[] {
  const sum = weights.reduce((s, w) => s + BigInt(w.weight), 0n);
  if (sum === 0n || total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => {
    const exact = BigInt(total) * BigInt(w.weight);
    return { floor: exact / sum, remainder: exact % sum };
  });
  let left = BigInt(total) - shares.reduce((s, share) => s + share.floor, 0n);
  const order = weights
    .map((w, index) => ({ index, remainder: shares[index]!.remainder, rate: taxRateKey(w.rate), weight: w.weight }))
    .sort((a, b) => (a.remainder === b.remainder ? (b.rate - a.rate || b.weight - a.weight) : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((share) => share.floor);
  for (const entry of order) {
    if (left <= 0n) break;
    result[entry.index]! += 1n;
    left -= 1n;
  }
  return result.map(toNumber);
}

/**
 * The totals per tax rate of lines that are already priced (amounts in minor units): the gross sum of each rate,
 * its tax computed once on that sum, and the net. Ascending by rate; a rate whose lines sum to zero is kept.
 */
export function taxTotalsOf(lines: readonly { amount: number; taxRate: number }[]): TaxRateTotal[] {
  const perRate = new Map<number, { rate: number; amount: number }>();
  for (const line of lines) {
    const key = taxRateKey(line.taxRate);
    const entry = perRate.get(key) ?? { rate: line.taxRate, amount: 0 };
    entry.amount += line.amount;
    perRate.set(key, entry);
  }
  return [...perRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { rate, amount }]) => {
      const tax = taxOfGross(amount, rate);
      return { rate, amount, net: amount - tax, tax };
    });
}

/** Computes a cart as the POS does (the rules at the top of this module). */
export function calculateCart(cart: CartInput): CartTotals {
  const afterLine = cart.lines.map((line) => {
    const gross = lineGross(line.unitPrice, line.quantity);
    const lineDiscount = line.discountable === false ? 0 : discountOf(gross, line.discount);
    return { gross, lineDiscount, rest: gross - lineDiscount, taxRate: line.taxRate, discountable: line.discountable !== false };
  });
  // Only lines that still cost something positive carry the cart discount; returns and free lines do not.
  const carriers = afterLine.flatMap((line, index) => (line.discountable && line.rest > 0 ? [{ index, weight: line.rest, rate: line.taxRate }] : []));
  const base = carriers.reduce((sum, carrier) => sum + carrier.weight, 0);
  const cartDiscount = discountOf(base, cart.discount);
  const shares = spread(cartDiscount, carriers);
  const shareOf = new Map(carriers.map((carrier, position) => [carrier.index, shares[position]!]));
  const lines = afterLine.map((line, index) => {
    const share = shareOf.get(index) ?? 0;
    return { gross: line.gross, lineDiscount: line.lineDiscount, cartDiscount: share, amount: line.rest - share, taxRate: line.taxRate };
  });
  const sum = (pick: (line: PricedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    subtotal: sum((line) => line.gross),
    lineDiscounts: sum((line) => line.lineDiscount),
    cartDiscount,
    total: sum((line) => line.amount),
    taxes: taxTotalsOf(lines),
  };
}

/** An amount in currency units (e.g. 12.34) as integer minor units for `decimals` (half away from zero). */
export function toMinorUnits(amount: number, decimals: number): number {
  // The exponent trick reads the decimal string (1.005 -> 100.5, not 100.49999); tiny or huge values print with
  // their own exponent and are scaled by multiplication.
  const text = String(Math.abs(amount));
  const units = Math.round(text.includes('e') ? Math.abs(amount) * 10 ** decimals : Number(`${text}e${decimals}`));
  return (amount < 0 ? -units : units) + 0;
}

/** Integer minor units back to currency units (for display through Intl). */
export function fromMinorUnits(units: number, decimals: number): number {
  return units / 10 ** decimals + 0;
}
