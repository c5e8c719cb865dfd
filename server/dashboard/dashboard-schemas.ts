import { TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { DASHBOARD_CARD_NAMES, DASHBOARD_CARD_SIZES, MAX_DASHBOARD_CARDS } from '../../schemas/dashboard-layout';

const oid = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const nullableString = { type: ['string', 'null'] } as const;
const link = { ...nullableString, description: "the page the card links to, or null when the caller may not open it" } as const;
const tenantOid = { ...oid, description: 'only this tenant (one of yours); absent: every tenant of yours where you may read it' } as const;

export const TURNOVER_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tenantOid,
    referencedate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', minLength: 10, maxLength: 10, description: 'the last day (YYYY-MM-DD, UTC); default today' },
  },
} as const;

export const THROUGHPUT_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tenantOid,
    referenceMonth: { type: 'string', pattern: '^\\d{4}-\\d{2}$', minLength: 7, maxLength: 7, description: 'the last month (YYYY-MM, UTC); default this month' },
  },
} as const;

export const CURRENCY_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: { tenantOid: { ...oid, description: 'one of your tenants; default the one you work in' } },
} as const;

const tenant = {
  tenantOid: { type: 'integer' },
  tenantName: nullableString,
  country: { ...nullableString, description: 'ISO 3166-1 alpha-2, for the flag' },
  currency: { type: 'string' },
} as const;

export const TURNOVER_SCHEMA = {
  type: 'object',
  properties: {
    referenceDate: { type: 'string' },
    days: { type: 'array', items: { type: 'string' } },
    tenants: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...tenant, days: { type: 'array', items: { type: 'object', properties: { day: { type: 'string' }, total: { type: 'number' }, receiptCount: { type: 'integer' } }, required: ['day', 'total', 'receiptCount'] } } },
        required: ['tenantOid', 'tenantName', 'country', 'currency', 'days'],
      },
    },
    link,
  },
  required: ['referenceDate', 'days', 'tenants', 'link'],
} as const;

export const THROUGHPUT_SCHEMA = {
  type: 'object',
  properties: {
    referenceMonth: { type: 'string' },
    months: { type: 'array', items: { type: 'string' } },
    tenants: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...tenant, months: { type: 'array', items: { type: 'object', properties: { month: { type: 'string' }, count: { type: 'integer' } }, required: ['month', 'count'] } } },
        required: ['tenantOid', 'tenantName', 'country', 'currency', 'months'],
      },
    },
    link,
  },
  required: ['referenceMonth', 'months', 'tenants', 'link'],
} as const;

export const CURRENCY_SCHEMA = {
  type: 'object',
  properties: { tenantOid: { type: 'integer' }, currency: { type: 'string', description: "the tenant's currency (EUR when it has none)" } },
  required: ['tenantOid', 'currency'],
} as const;

export const EXCHANGE_RATES_SCHEMA = {
  type: 'object',
  properties: {
    tenantOid: { type: 'integer' },
    refCurrency: { type: 'string', description: "the tenant's currency, which the rates convert from" },
    testValue: { type: 'number', description: 'the amount of refCurrency the card converts (100)' },
    exchangeRates: {
      type: 'array',
      items: {
        type: 'object',
        properties: { foreignCurrency: { type: 'string' }, exchangeRate: { type: 'number', description: 'units of foreignCurrency one unit of refCurrency buys' }, modifiedAt: { type: 'string', format: 'date-time' } },
        required: ['foreignCurrency', 'exchangeRate', 'modifiedAt'],
      },
    },
    link,
  },
  required: ['tenantOid', 'refCurrency', 'testValue', 'exchangeRates', 'link'],
} as const;

const card = {
  type: 'object',
  properties: { name: { type: 'string', enum: [...DASHBOARD_CARD_NAMES] }, params: { type: 'object', properties: { size: { type: 'string', enum: [...DASHBOARD_CARD_SIZES] } }, required: ['size'] } },
  required: ['name', 'params'],
} as const;

/** The layout as answered (a stored one that cannot be read is answered as the default, with the notice why). */
export const LAYOUT_SCHEMA = {
  type: 'object',
  properties: {
    version: { type: 'integer', enum: [1] },
    storedAt: { type: ['string', 'null'], format: 'date-time' },
    cards: { type: 'object', additionalProperties: card, maxProperties: MAX_DASHBOARD_CARDS, description: 'keyed by tile id, in the order shown' },
    notice: { type: 'string', description: 'present when a stored layout could not be read and the default is answered instead' },
  },
  required: ['version', 'storedAt', 'cards'],
} as const;

/**
 * The PUT body: an object, checked member by member in the handler (schemas/dashboard-layout.ts), so that an older or
 * newer version is refused with a message naming it rather than a schema keyword.
 */
export const LAYOUT_BODY = { type: 'object', description: 'version 1, storedAt (ignored: the server sets it), cards keyed by tile id, each { name, params: { size } }' } as const;

const signedIn = TOKEN_REFUSED;
const tags = ['dashboard'];

// The dashboard's route contracts (docs/dashboard.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts).

/** `GET /api/user/extension/dashboard`. */
export const READ_LAYOUT_ROUTE_SCHEMA = {
  tags,
  summary: 'Your dashboard layout; the default when you stored none or the stored one cannot be read (then with a notice)',
  response: { 200: { description: 'The layout', ...LAYOUT_SCHEMA }, ...signedIn },
} as const;

/** `PUT /api/user/extension/dashboard`. */
export const STORE_LAYOUT_ROUTE_SCHEMA = {
  tags,
  summary: 'Stores your dashboard layout (version 1, the required cards favourites, recently-used and version)',
  body: LAYOUT_BODY,
  response: {
    200: { description: 'The layout as stored, with storedAt', ...LAYOUT_SCHEMA },
    400: { description: 'Another version, a missing required card, an unknown card or size; errors name each path' },
    ...signedIn,
  },
} as const;

/** `GET /api/turnover/daily`. */
export const TURNOVER_ROUTE_SCHEMA = {
  tags,
  summary: 'getDailyTurnover: the turnover per tenant and day for the 7 days up to referencedate; tenants where you have Read on /report/sales/daily',
  querystring: TURNOVER_QUERYSTRING,
  response: {
    200: { description: 'The days and per tenant its figures', ...TURNOVER_SCHEMA },
    400: { description: 'A bad tenantOid or referencedate' },
    ...signedIn,
    403: { description: 'tenantOid is not yours, or you lack Read on /report/sales/daily there' },
  },
} as const;

/** `GET /api/documents/throughput`. */
export const THROUGHPUT_ROUTE_SCHEMA = {
  tags,
  summary: 'getDocumentsThroughput: documents handed in per tenant and month for the 12 months up to referenceMonth; tenants where you have Read on /document/receipt/sales',
  querystring: THROUGHPUT_QUERYSTRING,
  response: {
    200: { description: 'The months and per tenant its counts', ...THROUGHPUT_SCHEMA },
    400: { description: 'A bad tenantOid or referenceMonth' },
    ...signedIn,
    403: { description: 'tenantOid is not yours, or you lack Read on /document/receipt/sales there' },
  },
} as const;

const notYourTenant = { 403: { description: 'tenantOid is not one of your tenants, or you have none' } } as const;

/** `GET /api/currencies/currency`. */
export const CURRENCY_ROUTE_SCHEMA = {
  tags,
  summary: "getCurrency: the tenant's currency",
  querystring: CURRENCY_QUERYSTRING,
  response: { 200: { description: "The tenant's currency", ...CURRENCY_SCHEMA }, 400: { description: 'A bad tenantOid' }, ...signedIn, ...notYourTenant },
} as const;

/** `GET /api/currencies/exchange-rates`. */
export const EXCHANGE_RATES_ROUTE_SCHEMA = {
  tags,
  summary: "getExchangeRates: the tenant's 7 most recently changed exchange rates (refCurrency, testValue 100)",
  querystring: CURRENCY_QUERYSTRING,
  response: { 200: { description: 'The rates', ...EXCHANGE_RATES_SCHEMA }, 400: { description: 'A bad tenantOid' }, ...signedIn, ...notYourTenant },
} as const;
