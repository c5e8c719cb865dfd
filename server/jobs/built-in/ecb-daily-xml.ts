/** One rate read from a file, with the line it came from. */
export interface ParsedRate {
  line: number;
  currency: string;
  rate: string;
}

const DECIMALS = 8;
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:'([^']*)'|"([^"]*)")`).exec(tag)?.slice(1).find((value) => value !== undefined);

/** A rate as text with at most 8 decimals and no exponent (the table's numeric(18, 8)). */
function decimal(value: number): string {
  return value.toFixed(DECIMALS).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * Reads the European Central Bank's daily reference rates (eurofxref-daily.xml: a `gesmes:Envelope` with one
 * `<Cube time='YYYY-MM-DD'>` holding `<Cube currency='USD' rate='1.0543'/>` per currency, each how many units of it
 * one euro buys) as the rates of a tenant whose currency is `tenantCurrency`: for a euro tenant the file's rates, for
 * any other the cross rates through the euro (USD per CHF = USD per EUR / CHF per EUR) and the euro itself. The first
 * thing wrong throws, naming the line. Answers the day of the rates and the rates.
 */
export function parseEcbDailyXml(text: string, tenantCurrency: string | null): { day: string; rates: ParsedRate[] } {
  const body = text.replace(/^\uFEFF/, '');
  if (!/<(?:[A-Za-z]+:)?Envelope[\s>]/.test(body) || !body.includes('eurofxref')) {
    throw new Error("Line 1: this is not the ECB's daily reference rate file (a gesmes:Envelope of the eurofxref vocabulary).");
  }
  const days = [...body.matchAll(/<Cube\s[^>]*time\s*=[^>]*>/g)];
  if (days.length !== 1) throw new Error(`The file must hold the rates of one day (one <Cube time='...'>); it holds ${days.length}.`);
  const day = attribute(days[0]![0], 'time') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) throw new Error(`Line ${lineAt(body, days[0]!.index)}: '${day.slice(0, 20)}' is not a day (YYYY-MM-DD).`);
  const euro = new Map<string, { line: number; rate: number }>();
  for (const match of body.matchAll(/<Cube\s[^>]*currency\s*=[^>]*>/g)) {
    const line = lineAt(body, match.index);
    const currency = attribute(match[0], 'currency') ?? '';
    const rate = attribute(match[0], 'rate') ?? '';
    if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`Line ${line}: '${currency.slice(0, 20)}' is not a currency code of three capital letters.`);
    if (currency === 'EUR') throw new Error(`Line ${line}: the file's rates are per euro; EUR itself cannot have one.`);
    if (euro.has(currency)) throw new Error(`Line ${line}: ${currency} appears a second time.`);
    if (!/^\d{1,10}(\.\d{1,8})?$/.test(rate) || Number(rate) <= 0) throw new Error(`Line ${line}: the exchange rate '${rate.slice(0, 20)}' must be a positive number with a decimal point, e.g. 1.0842.`);
    euro.set(currency, { line, rate: Number(rate) });
  }
  if (euro.size === 0) throw new Error('The file holds no rate (<Cube currency=... rate=.../>).');
  const own = tenantCurrency ?? 'EUR';
  if (own === 'EUR') return { day, rates: [...euro].map(([currency, { line, rate }]) => ({ line, currency, rate: decimal(rate) })) };
  const base = euro.get(own);
  if (!base) throw new Error(`The file has no rate for the tenant's currency ${own}, so its rates cannot be converted to it.`);
  const rates: ParsedRate[] = [{ line: base.line, currency: 'EUR', rate: decimal(1 / base.rate) }];
  for (const [currency, { line, rate }] of euro) if (currency !== own) rates.push({ line, currency, rate: decimal(rate / base.rate) });
  return { day, rates: rates.filter((rate) => Number(rate.rate) > 0) };
}
