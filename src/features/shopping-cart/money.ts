import { fromMinorUnits } from '../../../schemas/price-calculation';

/** Minor units formatted in the user's language and the cart's currency (e.g. 1.234,50 €, ١٢٫٥٠ €). */
export function formatMoney(units: number, currency: string, decimals: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(fromMinorUnits(units, decimals));
}

/** A tax rate as a percentage in the user's language (7 %, 5,5 %). */
export function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(rate / 100);
}
