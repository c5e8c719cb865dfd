// The exchange rates page (docs/dashboard.md "Exchange rates"): component 'exchange-rates'.
export { ExchangeRatesPage } from './exchange-rates-page';
