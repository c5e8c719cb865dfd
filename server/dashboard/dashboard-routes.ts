import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { checkDashboardLayout, defaultDashboardLayout, type DashboardLayout } from '../../schemas/dashboard-layout';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { addFieldError, ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { EXCHANGE_RATES_PATH as EXCHANGE_RATES_PAGE_PATH } from '../exchange-rates/exchange-rate-routes';
import { DashboardEvents, dashboardHubMethods } from './dashboard-events';
import {
  businessToday,
  dailyTurnover,
  daysEndingWith,
  documentThroughput,
  EXCHANGE_TEST_VALUE,
  monthsEndingWith,
  RECENT_EXCHANGE_RATES,
  recentExchangeRates,
  tenantInfos,
  THROUGHPUT_MONTHS,
  TURNOVER_DAYS,
} from './dashboard-data';
import { CURRENCY_ROUTE_SCHEMA, EXCHANGE_RATES_ROUTE_SCHEMA, READ_LAYOUT_ROUTE_SCHEMA, STORE_LAYOUT_ROUTE_SCHEMA, THROUGHPUT_ROUTE_SCHEMA, TURNOVER_ROUTE_SCHEMA } from './dashboard-schemas';

/** The pages whose Read right lets a user see a card's figures in a tenant; the card links there. */
export const TURNOVER_PATH = '/report/sales/daily';
export const THROUGHPUT_PATH = '/document/receipt/sales';
/** The exchange rate card links to the rates' page (when the caller may open it), else to the bridge, where the import job runs; every member of a tenant may read its rates. */
export const EXCHANGE_RATES_LINK_PATH = '/service/bridge';

export interface DashboardRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  /** The clock of the default reference day and month, and of storedAt (tests). */
  now?: () => number;
}

/** The tenants a card covers: the one asked for (which must be the caller's and readable), else every readable one. */
function tenantsOf(context: RequestContext, path: string, asked: number | undefined): number[] {
  if (asked !== undefined) {
    if (!context.tenantOids.includes(asked)) throw new ApiError(403, `tenantOid ${asked} is not one of your tenants.`, { errors: { tenantOid: ['is not one of your tenants'] } });
    if (!context.can(path, 'Read', asked)) throw new ApiError(403, `Reading this needs Read on ${path} in tenant ${asked}.`);
    return [asked];
  }
  return context.tenantOids.filter((tenantOid) => context.can(path, 'Read', tenantOid));
}

/** The one tenant of a currency call: the one asked for, or the one the caller works in. */
function oneTenant(context: RequestContext, asked: number | undefined): number {
  const tenantOid = asked ?? context.tenantOid;
  if (tenantOid === undefined) throw new ApiError(403, 'You belong to no tenant, so there is no currency to show.');
  if (!context.tenantOids.includes(tenantOid)) throw new ApiError(403, `tenantOid ${tenantOid} is not one of your tenants.`, { errors: { tenantOid: ['is not one of your tenants'] } });
  return tenantOid;
}

/** A date that matches the pattern but is no day of the calendar (2026-02-30) is refused by name. */
function calendarDay(value: string | undefined, now: number): string {
  if (value === undefined) return new Date(now).toISOString().slice(0, 10);
  const time = Date.parse(`${value}T00:00:00.000Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) throw new ApiError(400, `referencedate '${value}' is not a day of the calendar.`, { errors: { referencedate: ['must be a day YYYY-MM-DD'] } });
  return value;
}

function calendarMonth(value: string | undefined, now: number): string {
  if (value === undefined) return new Date(now).toISOString().slice(0, 7);
  const month = Number(value.slice(5, 7));
  if (month < 1 || month > 12 || Number(value.slice(0, 4)) < 1) throw new ApiError(400, `referenceMonth '${value}' is not a month of the calendar.`, { errors: { referenceMonth: ['must be a month YYYY-MM'] } });
  return value;
}

/** Reads a stored layout; one that is no longer (or not yet) readable falls back to the default, saying why. */
function storedOrDefault(row: { layout: unknown; stored_at: Date | string } | undefined): DashboardLayout & { notice?: string } {
  if (!row) return defaultDashboardLayout();
  const layout = typeof row.layout === 'string' ? (JSON.parse(row.layout) as unknown) : row.layout;
  const problems = checkDashboardLayout(layout);
  if (problems.length > 0) return { ...defaultDashboardLayout(), notice: `Your stored dashboard could not be read (${problems[0]!.message}); the default is shown until you store another.` };
  return { ...(layout as DashboardLayout), storedAt: new Date(row.stored_at).toISOString() };
}

/**
 * The dashboard's routes (docs/dashboard.md): the stored layout per user, the weekly turnover, the monthly document
 * throughput, and the tenant's currency and recent exchange rates; and the hub methods that tell an open dashboard
 * when the data behind its cards changed.
 */
export const dashboardRoutes = fastifyPlugin<DashboardRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const now = options.now ?? Date.now;
    const tenantTable = options.catalogue.find('tenancy', 'tenant')?.table;
    const locationTable = options.catalogue.find('tenancy', 'location')?.table;
    const { db } = options;

    app.get('/api/user/extension/dashboard', { schema: READ_LAYOUT_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const row = (await db.query<{ layout: unknown; stored_at: Date | string }>('select layout, stored_at from mate_dashboard_layout where user_oid = $1', [context.userOid])).rows[0];
      return storedOrDefault(row);
    });

    app.put<{ Body: unknown }>('/api/user/extension/dashboard', { schema: STORE_LAYOUT_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const problems = checkDashboardLayout(request.body);
      if (problems.length > 0) {
        const errors: Record<string, string[]> = {};
        for (const problem of problems) addFieldError(errors, problem.path || 'body', problem.message);
        throw new ApiError(400, problems[0]!.message, { errors });
      }
      const layout = request.body as DashboardLayout;
      const storedAt = new Date(now()).toISOString();
      // storedAt is the server's: the browser's clock says nothing about when the server stored it.
      const stored: DashboardLayout = { version: layout.version, storedAt, cards: layout.cards };
      await db.query(
        `insert into mate_dashboard_layout (user_oid, layout, stored_at) values ($1, $2::json, $3::timestamptz)
         on conflict (user_oid) do update set layout = excluded.layout, stored_at = excluded.stored_at`,
        [context.userOid, JSON.stringify(stored), storedAt],
      );
      return stored;
    });

    app.get<{ Querystring: { tenantOid?: number; referencedate?: string } }>('/api/turnover/daily', { schema: TURNOVER_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const tenants = tenantsOf(context, TURNOVER_PATH, request.query.tenantOid);
      // Without a reference date the card ends on today as the tenants' stores see it (their business day).
      const referenceDate = request.query.referencedate === undefined ? await businessToday(db, locationTable, tenants, now()) : calendarDay(request.query.referencedate, now());
      const days = daysEndingWith(referenceDate, TURNOVER_DAYS);
      const figures = await dailyTurnover(db, tenants, days);
      const infos = await tenantInfos(db, tenantTable, tenants);
      const link = context.tenantOid !== undefined && context.can(TURNOVER_PATH, 'Read', context.tenantOid) ? TURNOVER_PATH : null;
      return { referenceDate, days, tenants: infos.map((info) => ({ ...info, days: figures.get(info.tenantOid)! })), link };
    });

    app.get<{ Querystring: { tenantOid?: number; referenceMonth?: string } }>('/api/documents/throughput', { schema: THROUGHPUT_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const referenceMonth = calendarMonth(request.query.referenceMonth, now());
      const tenants = tenantsOf(context, THROUGHPUT_PATH, request.query.tenantOid);
      const months = monthsEndingWith(referenceMonth, THROUGHPUT_MONTHS);
      const counts = await documentThroughput(db, tenants, months);
      const infos = await tenantInfos(db, tenantTable, tenants);
      const link = context.tenantOid !== undefined && context.can(THROUGHPUT_PATH, 'Read', context.tenantOid) ? THROUGHPUT_PATH : null;
      return { referenceMonth, months, tenants: infos.map((info) => ({ ...info, months: counts.get(info.tenantOid)! })), link };
    });

    app.get<{ Querystring: { tenantOid?: number } }>('/api/currencies/currency', { schema: CURRENCY_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const tenantOid = oneTenant(context, request.query.tenantOid);
      const [info] = await tenantInfos(db, tenantTable, [tenantOid]);
      return { tenantOid, currency: info!.currency };
    });

    app.get<{ Querystring: { tenantOid?: number } }>('/api/currencies/exchange-rates', { schema: EXCHANGE_RATES_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const tenantOid = oneTenant(context, request.query.tenantOid);
      const [info] = await tenantInfos(db, tenantTable, [tenantOid]);
      const exchangeRates = await recentExchangeRates(db, tenantOid, RECENT_EXCHANGE_RATES);
      // The rates' own page where the caller may open it, else the bridge where the import job runs.
      const link = [EXCHANGE_RATES_PAGE_PATH, EXCHANGE_RATES_LINK_PATH].find((path) => context.can(path, 'Read', tenantOid)) ?? null;
      return { tenantOid, refCurrency: info!.currency, testValue: EXCHANGE_TEST_VALUE, exchangeRates, link };
    });

    if (app.hasDecorator('hub')) {
      const events = new DashboardEvents(db);
      await events.start();
      for (const method of dashboardHubMethods(events)) app.hub.methods.register(method);
      app.addHook('onClose', async () => events.close());
    }
  },
  { name: 'mate-dashboard', fastify: '5.x' },
);
