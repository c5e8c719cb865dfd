import type { Queryable } from '../../db/database';

/** Euro reference rates of one day (units per euro, as the ECB publishes them; fixtures/exchange-rates holds the file). */
const PER_EURO: Readonly<Record<string, number>> = { EUR: 1, USD: 1.0512, GBP: 0.83245, CHF: 0.9306, JPY: 161.87, CZK: 25.143, PLN: 4.3215, SEK: 11.5175, DKK: 7.4589, HUF: 409.73 };
const HOUR_MS = 60 * 60 * 1000;

/**
 * Every demo tenant gets the rates of the currencies above in its own currency, as the import job would store them,
 * changed an hour apart before the reference date: the exchange rate card has its seven most recent to show and the
 * history a first entry (the trigger of migration 741 copies each).
 */
export async function seedDemoExchangeRates(tx: Queryable, tenants: { oid: number; currency: string }[], referenceDate: Date): Promise<number> {
  let count = 0;
  for (const tenant of tenants) {
    const own = PER_EURO[tenant.currency];
    if (own === undefined) continue;
    const foreign = Object.keys(PER_EURO).filter((currency) => currency !== tenant.currency);
    for (const [index, currency] of foreign.entries()) {
      const rate = (PER_EURO[currency]! / own).toFixed(8);
      await tx.query('insert into mate_exchange_rate (tenant_oid, foreign_currency, exchange_rate, modified_at) values ($1, $2, $3::numeric, $4::timestamptz) on conflict do nothing', [
        tenant.oid,
        currency,
        rate,
        new Date(referenceDate.getTime() - (index + 1) * HOUR_MS).toISOString(),
      ]);
      count += 1;
    }
  }
  return count;
}
