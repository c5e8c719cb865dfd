/** The exchange rate editing routes' schemas (docs/dashboard.md "Exchange rates"), also their part of /api/openapi.json. */

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

const error = { description: 'the error body (message, errors by member)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
const json = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } });
const parameters = (location: 'query' | 'path', schema: { properties: Record<string, unknown>; required?: readonly string[] }) =>
  Object.entries(schema.properties).map(([name, member]) => ({ name, in: location, required: schema.required?.includes(name) ?? location === 'path', schema: member }));
const errors = { 400: error, 401: error, 403: error } as const;

/** The routes' part of the OpenAPI document. */
export const EXCHANGE_RATE_OPENAPI_PATHS = {
  '/api/exchange-rates': {
    get: {
      operationId: 'getExchangeRateList',
      tags: ['Exchange rates'],
      summary: "Every current exchange rate of a tenant (Read on /settings/exchange-rates there)",
      parameters: parameters('query', RATES_QUERYSTRING),
      responses: { 200: json('the rates, by currency', RATES_SCHEMA), ...errors },
    },
  },
  '/api/exchange-rates/{currency}': {
    put: {
      operationId: 'setExchangeRate',
      tags: ['Exchange rates'],
      summary: 'Sets a rate by hand: Create on /settings/exchange-rates for a new currency, Update for one the tenant has; the history keeps the previous value',
      parameters: [...parameters('path', CURRENCY_PARAMS), ...parameters('query', RATES_QUERYSTRING)],
      requestBody: { required: true, content: { 'application/json': { schema: RATE_BODY } } },
      responses: { 200: json('the changed rate', RATE_SCHEMA), 201: json('the added rate', RATE_SCHEMA), ...errors },
    },
    delete: {
      operationId: 'removeExchangeRate',
      tags: ['Exchange rates'],
      summary: 'Removes a currency (Delete on /settings/exchange-rates); its history stays',
      parameters: [...parameters('path', CURRENCY_PARAMS), ...parameters('query', RATES_QUERYSTRING)],
      responses: { 200: json('removed', REMOVED_SCHEMA), 404: error, ...errors },
    },
  },
  '/api/exchange-rates/{currency}/history': {
    get: {
      operationId: 'getExchangeRateHistory',
      tags: ['Exchange rates'],
      summary: 'Every value a rate had, newest first, with who set it (Read on /settings/exchange-rates)',
      parameters: [...parameters('path', CURRENCY_PARAMS), ...parameters('query', HISTORY_QUERYSTRING)],
      responses: { 200: json('the history', HISTORY_SCHEMA), ...errors },
    },
  },
} as const;
