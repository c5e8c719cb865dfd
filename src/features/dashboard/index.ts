// The dashboard feature's public face: the customisable start page and its content cards.
export { Dashboard, type CardComponents } from './dashboard';
export { TurnoverCard } from './cards/turnover-card';
export { ThroughputCard } from './cards/throughput-card';
export { ExchangeRatesCard } from './cards/exchange-rates-card';
export { UnprocessedCard } from './cards/unprocessed-card';
export { ConfigurationChangesCard } from './cards/configuration-changes-card';
export { DatabaseUsageCard } from './cards/database-usage-card';
