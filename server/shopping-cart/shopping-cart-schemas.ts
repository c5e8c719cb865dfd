import { TOKEN_REFUSED } from '../api-docs/openapi-fragments';

/** The shopping cart page's path: its permissions are given on it (docs/shopping-cart.md). */
export const SHOPPING_CART_PATH = '/tools/shopping-cart';
/** Most articles one search answers. */
export const CART_ARTICLES_MAX_TAKE = 50;

export const CART_ARTICLES_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 64, default: '', description: 'article number or GTIN (exact or leading part), or words of the text' },
    take: { type: 'integer', minimum: 1, maximum: CART_ARTICLES_MAX_TAKE, default: 20 },
  },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

export const CART_ARTICLES_SCHEMA = {
  type: 'object',
  properties: {
    currency: { type: 'string', description: "the tenant's currency (ISO 4217)" },
    decimals: { type: 'integer', description: "the currency's minor unit: prices are computed in 10^-decimals" },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          oid: { type: 'integer' },
          articleNumber: nullableString,
          gtin: nullableString,
          text: { type: 'string' },
          unitPrice: { type: 'number', description: 'retail price including tax, in currency units' },
          taxRate: { type: 'number', description: "percent: the article's tax record, else its own Tax" },
          discountable: { type: 'boolean', description: 'false when the article disallows discounts' },
        },
        required: ['oid', 'articleNumber', 'gtin', 'text', 'unitPrice', 'taxRate', 'discountable'],
      },
    },
  },
  required: ['currency', 'decimals', 'items'],
} as const;

/** The shopping cart's route contract, also its part of /api/openapi.json (server/api-docs/route-openapi.ts). */
export const CART_ARTICLES_ROUTE_SCHEMA = {
  tags: ['tools'],
  summary: "Articles of the scope's tenant for the shopping cart, with price, tax rate and whether discounts apply",
  querystring: CART_ARTICLES_QUERYSTRING,
  response: {
    200: { description: 'Up to take articles, best match first', ...CART_ARTICLES_SCHEMA },
    400: { description: 'A bad q or take' },
    ...TOKEN_REFUSED,
    403: { description: `No tenant selected, or no Read on ${SHOPPING_CART_PATH} and on the articles in it` },
  },
} as const;
