import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { tenantInfos } from '../dashboard/dashboard-data';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, PermissionAction, RequestContext } from '../lib/request-context';
import { LIST_RATES_ROUTE_SCHEMA, RATE_HISTORY_ROUTE_SCHEMA, REMOVE_RATE_ROUTE_SCHEMA, SET_RATE_ROUTE_SCHEMA } from './exchange-rate-schemas';
import { currentExchangeRate, currentExchangeRates, exchangeRateHistory, removeExchangeRate, setExchangeRate } from './exchange-rate-store';

/** The page of the rates; its rights per tenant govern every call: Read to see, Create to add, Update to change, Delete to remove. */
export const EXCHANGE_RATES_PATH = '/settings/exchange-rates';

export interface ExchangeRateRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  /** The clock of modifiedAt (tests). */
  now?: () => number;
}

/** The tenant of a call (the one asked for, else the one the caller works in), checked for the action. */
function tenantFor(context: RequestContext, asked: number | undefined, action: PermissionAction): number {
  const tenantOid = asked ?? context.tenantOid;
  if (tenantOid === undefined) throw new ApiError(403, 'You belong to no tenant, so there are no exchange rates to show.');
  if (!context.tenantOids.includes(tenantOid)) throw new ApiError(403, `tenantOid ${tenantOid} is not one of your tenants.`, { errors: { tenantOid: ['is not one of your tenants'] } });
  if (!context.can(EXCHANGE_RATES_PATH, 'Read', tenantOid)) throw new ApiError(403, `Reading the exchange rates of tenant ${tenantOid} needs Read on ${EXCHANGE_RATES_PATH} there.`);
  if (action !== 'Read' && !context.can(EXCHANGE_RATES_PATH, action, tenantOid)) throw new ApiError(403, `This needs ${action} on ${EXCHANGE_RATES_PATH} in tenant ${tenantOid}.`);
  return tenantOid;
}

/**
 * Editing the exchange rates by hand (docs/dashboard.md "Exchange rates"): the list of a tenant's current rates, set
 * or remove one, and a rate's history. The rates are the ones the import job writes (mate_exchange_rate); every
 * change lands in the history with who made it, and the dashboard's rate card follows through the hub.
 */
export const exchangeRateRoutes = fastifyPlugin<ExchangeRateRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const { db } = options;
    const now = options.now ?? Date.now;
    const tenantTable = options.catalogue.find('tenancy', 'tenant')?.table;
    const refCurrencyOf = async (tenantOid: number) => (await tenantInfos(db, tenantTable, [tenantOid]))[0]!.currency;

    app.get<{ Querystring: { tenantOid?: number } }>('/api/exchange-rates', { schema: LIST_RATES_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const tenantOid = tenantFor(context, request.query.tenantOid, 'Read');
      return { tenantOid, refCurrency: await refCurrencyOf(tenantOid), items: await currentExchangeRates(db, tenantOid) };
    });

    app.put<{ Params: { currency: string }; Querystring: { tenantOid?: number }; Body: { exchangeRate: number } }>(
      '/api/exchange-rates/:currency',
      { schema: SET_RATE_ROUTE_SCHEMA },
      async (request, reply) => {
        const context = await options.resolveContext(request);
        const { currency } = request.params;
        const readable = tenantFor(context, request.query.tenantOid, 'Read');
        const existing = await currentExchangeRate(db, readable, currency);
        // Adding a currency and changing a rate are separate rights, as creating and updating a record are.
        const tenantOid = tenantFor(context, readable, existing ? 'Update' : 'Create');
        const refCurrency = await refCurrencyOf(tenantOid);
        if (currency === refCurrency) throw new ApiError(400, `${currency} is the tenant's own currency: its rate is always 1.`, { errors: { currency: ["is the tenant's own currency"] } });
        const rate = await setExchangeRate(db, { tenantOid, currency, rate: request.body.exchangeRate, userName: context.username, at: new Date(now()).toISOString() });
        return reply.code(existing ? 200 : 201).send(rate);
      },
    );

    app.delete<{ Params: { currency: string }; Querystring: { tenantOid?: number } }>(
      '/api/exchange-rates/:currency',
      { schema: REMOVE_RATE_ROUTE_SCHEMA },
      async (request) => {
        const context = await options.resolveContext(request);
        const tenantOid = tenantFor(context, request.query.tenantOid, 'Delete');
        const removed = await removeExchangeRate(db, tenantOid, request.params.currency, context.username);
        if (!removed) throw new ApiError(404, `Tenant ${tenantOid} has no exchange rate for ${request.params.currency}.`);
        return { removed };
      },
    );

    app.get<{ Params: { currency: string }; Querystring: { tenantOid?: number; take?: number } }>(
      '/api/exchange-rates/:currency/history',
      { schema: RATE_HISTORY_ROUTE_SCHEMA },
      async (request) => {
        const context = await options.resolveContext(request);
        const tenantOid = tenantFor(context, request.query.tenantOid, 'Read');
        const items = await exchangeRateHistory(db, tenantOid, request.params.currency, request.query.take ?? 50);
        return { tenantOid, foreignCurrency: request.params.currency, items };
      },
    );
  },
  { name: 'mate-exchange-rates', fastify: '5.x' },
);
