import type { ReceiptDocument } from './receipt-model';

/** How a receipt's numbers and dates are written: in the tenant's language and time zone (Intl), on every format. */
export interface ReceiptFormat {
  date(iso: string): string;
  money(amount: number): string;
  quantity(value: number): string;
  percent(rate: number): string;
}

/** The formats of one document. */
export function receiptFormat(document: ReceiptDocument): ReceiptFormat {
  const { language, timeZone } = document;
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  let money: Intl.NumberFormat;
  try {
    money = new Intl.NumberFormat(language, { style: 'currency', currency: document.body.currency });
  } catch {
    money = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  const quantities = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
  const percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  return {
    date: (iso) => dates.format(new Date(iso)),
    money: (amount) => money.format(amount),
    quantity: (value) => quantities.format(value),
    percent: (rate) => percents.format(rate / 100),
  };
}

/** One tax rate of a receipt: the gross amount of its lines and the tax it contains (prices include tax). */
export interface TaxTotal {
  rate: number;
  gross: number;
  tax: number;
  net: number;
}

/** The totals per tax rate, in cents so that sums do not drift, ordered by rate. */
export function taxTotals(lines: readonly { amount: number; taxRate: number }[]): TaxTotal[] {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + Math.round(line.amount * 100));
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, grossCents]) => {
      const taxCents = Math.round((grossCents * rate) / (100 + rate));
      return { rate, gross: grossCents / 100, tax: taxCents / 100, net: (grossCents - taxCents) / 100 };
    });
}
