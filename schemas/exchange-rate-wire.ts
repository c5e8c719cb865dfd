/**
 * The exchange rates as the editing routes answer them and the exchange rates page reads them (GET /api/exchange-rates
 * and .../{currency}/history; docs/dashboard.md "Exchange rates"). One shape for both sides, so they cannot drift.
 */

/** One current rate of a tenant: units of the foreign currency that one unit of the tenant's currency buys. */
export interface CurrentExchangeRate {
  foreignCurrency: string;
  exchangeRate: number;
  modifiedAt: string;
  /** The user who set it by hand; null when the import job wrote it (then `jobOid` is its run). */
  modifiedBy: string | null;
  jobOid: number | null;
}

/** One entry of a rate's history: every value it had, who set it, and its removal. */
export interface ExchangeRateChange {
  exchangeRate: number;
  modifiedAt: string;
  modifiedBy: string | null;
  jobOid: number | null;
  removed: boolean;
}

/** A tenant's current rates, by currency, against its own currency. */
export interface ExchangeRateList {
  tenantOid: number;
  refCurrency: string;
  items: CurrentExchangeRate[];
}
