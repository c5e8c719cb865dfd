/** The exchange rate editing routes' schemas (docs/dashboard.md "Exchange rates"); the OpenAPI document is generated from them. */

const tenantOid = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'one of your tenants; default the one you work in' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableOid = { type: ['integer', 'null'] } as const;

/** The largest rate numeric(18, 8) holds, rounded down to a clear figure. */
export const MAX_EXCHANGE_RATE = 1_000_000_000;
/** The smallest rate that survives the 8 decimals the store keeps (a smaller one would round to 0). */
export const MIN_EXCHANGE_RATE = 0.00000001;
/** The most history entries one call answers. */
export const MAX_HISTORY_TAKE = 500;

export const RATES_QUERYSTRING = { type: 'object', additionalProperties: false, properties: { tenantOid } } as const;

export const HISTORY_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: { tenantOid, take: { type: 'integer', minimum: 1, maximum: MAX_HISTORY_TAKE, default: 50, description: 'the newest this many entries' } },
} as const;

export const CURRENCY_PARAMS = {
  type: 'object',
  additionalProperties: false,
  properties: { currency: { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3, description: 'ISO 4217 code of the foreign currency' } },
  required: ['currency'],
} as const;

export const RATE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    exchangeRate: { type: 'number', minimum: MIN_EXCHANGE_RATE, maximum: MAX_EXCHANGE_RATE, description: "units of the foreign currency that one unit of the tenant's currency buys (up to 8 decimals)" },
  },
  required: ['exchangeRate'],
} as const;

const rate = {
  type: 'object',
  properties: {
    foreignCurrency: { type: 'string' },
    exchangeRate: { type: 'number' },
    modifiedAt: { type: 'string', format: 'date-time' },
    modifiedBy: { ...nullableString, description: 'the user who set it by hand; null when the import job wrote it' },
    jobOid: { ...nullableOid, description: 'the import run that wrote it' },
  },
  required: ['foreignCurrency', 'exchangeRate', 'modifiedAt', 'modifiedBy', 'jobOid'],
} as const;

export const RATE_SCHEMA = rate;

export const RATES_SCHEMA = {
  type: 'object',
  properties: { tenantOid: { type: 'integer' }, refCurrency: { type: 'string' }, items: { type: 'array', items: rate } },
  required: ['tenantOid', 'refCurrency', 'items'],
} as const;

export const HISTORY_SCHEMA = {
  type: 'object',
  properties: {
    tenantOid: { type: 'integer' },
    foreignCurrency: { type: 'string' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { exchangeRate: { type: 'number' }, modifiedAt: { type: 'string', format: 'date-time' }, modifiedBy: nullableString, jobOid: nullableOid, removed: { type: 'boolean' } },
        required: ['exchangeRate', 'modifiedAt', 'modifiedBy', 'jobOid', 'removed'],
      },
    },
  },
  required: ['tenantOid', 'foreignCurrency', 'items'],
} as const;

export const REMOVED_SCHEMA = { type: 'object', properties: { removed: { type: 'boolean' } }, required: ['removed'] } as const;

const error = { description: 'the error body (message, errors by member)' } as const;
const errors = { 400: error, 401: error, 403: error } as const;
const TAGS = ['Exchange rates'];

// The routes' contracts, also their part of /api/openapi.json (server/api-docs/route-openapi.ts).

export const LIST_RATES_ROUTE_SCHEMA = {
  operationId: 'getExchangeRateList',
  tags: TAGS,
  summary: 'Every current exchange rate of a tenant (Read on /settings/exchange-rates there)',
  querystring: RATES_QUERYSTRING,
  response: { 200: { description: 'the rates, by currency', ...RATES_SCHEMA }, ...errors },
} as const;

export const SET_RATE_ROUTE_SCHEMA = {
  operationId: 'setExchangeRate',
  tags: TAGS,
  summary: 'Sets a rate by hand: Create on /settings/exchange-rates for a new currency, Update for one the tenant has; the history keeps the previous value',
  params: CURRENCY_PARAMS,
  querystring: RATES_QUERYSTRING,
  body: RATE_BODY,
  response: { 200: { description: 'the changed rate', ...RATE_SCHEMA }, 201: { description: 'the added rate', ...RATE_SCHEMA }, ...errors },
} as const;

export const REMOVE_RATE_ROUTE_SCHEMA = {
  operationId: 'removeExchangeRate',
  tags: TAGS,
  summary: 'Removes a currency (Delete on /settings/exchange-rates); its history stays',
  params: CURRENCY_PARAMS,
  querystring: RATES_QUERYSTRING,
  response: { 200: { description: 'removed', ...REMOVED_SCHEMA }, 404: error, ...errors },
} as const;

export const RATE_HISTORY_ROUTE_SCHEMA = {
  operationId: 'getExchangeRateHistory',
  tags: TAGS,
  summary: 'Every value a rate had, newest first, with who set it (Read on /settings/exchange-rates)',
  params: CURRENCY_PARAMS,
  querystring: HISTORY_QUERYSTRING,
  response: { 200: { description: 'the history', ...HISTORY_SCHEMA }, ...errors },
} as const;
