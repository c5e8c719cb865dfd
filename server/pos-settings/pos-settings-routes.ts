import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Configuration } from '../../schemas/pos-settings-wire';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { titleLanguages } from '../identity/permission-matrix-tree';
import { bodyObject, refuseUnknownFields } from '../identity/request-body';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { changeVisibility, mayChange, requireChange, requireRead } from './settings-access';
import { loadPosSettings, valueProblem, type PosSettingsCatalogue } from './settings-document';
import { CONFIGURATION_QUERYSTRING, CONFIGURATION_SCHEMA, RECENT_CHANGES_QUERYSTRING, RECENT_CHANGES_SCHEMA, RESET_QUERYSTRING, VALUE_BODY } from './pos-settings-openapi';
import { parseScope, resolveScope, scopeTablesOf, type ResolvedScope, type ScopeTables } from './settings-scope';
import { readRecentChanges, readScopeValues, writeScopeValue } from './settings-store';
import { buildSettingsTree } from './settings-view';
import { pushToTerminalsBelow } from './settings-push';
import { announceSettingChange, PosSettingEvents, posSettingHubMethods } from './settings-events';

export interface PosSettingsRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  /** The settings document; default: the built-in one (server/metadata/pos-settings.json). */
  settings?: PosSettingsCatalogue;
  /** Whether a change pushes the new configuration to connected terminals (the terminal endpoint is served). */
  pushToTerminals?: boolean;
}

const languagesOf = (request: FastifyRequest) => titleLanguages(request.headers['accept-language']);

function settingOf(settings: PosSettingsCatalogue, path: string) {
  const setting = settings.byPath.get(path);
  if (!setting) throw new ApiError(400, `The path ${path} is not a declared POS setting.`, { errors: { path: ['is not a declared POS setting'] } });
  return setting;
}

/**
 * The POS configuration (docs/pos-settings.md): GET /api/pos-settings/configuration (the tree at a scope), PUT and
 * DELETE /api/pos-settings/values (override and reset at a scope, each recorded), GET /api/pos-settings/recent-changes
 * (the dashboard's configuration-changes card). Settings are declared in metadata and checked when the app starts.
 */
export const posSettingsRoutes = fastifyPlugin<PosSettingsRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const settings = options.settings ?? (await loadPosSettings());
    const tables = scopeTablesOf(options.catalogue);
    const { db } = options;

    async function scopeOf(text: string, request: FastifyRequest): Promise<ResolvedScope> {
      if (!tables) throw new ApiError(404, 'The catalogue has no tenants, locations and POS terminals to configure.');
      return resolveScope(db, tables, parseScope(text), languagesOf(request)[0]);
    }

    async function view(scope: ResolvedScope, context: RequestContext, request: FastifyRequest): Promise<Configuration> {
      const values = await readScopeValues(db, scope.chain.map((link) => link.scope));
      const { chain, tenantOid, country, level, key, id, text } = scope;
      return { scope: { level, key, scope: scope.scope, id, text, tenantOid, country }, chain, canChange: mayChange(context, scope), groups: buildSettingsTree(settings, chain, values, languagesOf(request)) };
    }

    async function change(request: FastifyRequest, scopeText: string, path: string, value: unknown) {
      const context = await options.resolveContext(request);
      const scope = await scopeOf(scopeText, request);
      requireChange(context, scope);
      const { changed } = await db.transaction((tx) => writeScopeValue(tx, scope, path, value, { userOid: context.userOid, userName: context.username }));
      if (value === undefined && !changed) throw new ApiError(404, `No value of ${path} is set at ${scope.scope}.`, { errors: { path: ['has no value set at this scope'] } });
      if (changed) await announceSettingChange(db, scope, path);
      if (changed && options.pushToTerminals && tables) await pushToTerminalsBelow(db, tables, scope, Date.now(), request.log);
      return view(scope, context, request);
    }

    app.get<{ Querystring: { scope: string } }>('/api/pos-settings/configuration', { schema: { querystring: CONFIGURATION_QUERYSTRING, response: { 200: CONFIGURATION_SCHEMA } } }, async (request) => {
      const context = await options.resolveContext(request);
      const scope = await scopeOf(request.query.scope, request);
      requireRead(context, scope);
      return view(scope, context, request);
    });

    app.put('/api/pos-settings/values', { schema: { body: VALUE_BODY, response: { 200: CONFIGURATION_SCHEMA } } }, async (request) => {
      const body = bodyObject(request.body);
      refuseUnknownFields(body, ['scope', 'path', 'value']);
      const path = String(body.path);
      const setting = settingOf(settings, path);
      const problem = valueProblem(setting, body.value);
      if (problem) throw new ApiError(400, `The value of ${path} ${problem}.`, { errors: { value: [problem] } });
      return change(request, String(body.scope), path, body.value);
    });

    app.delete<{ Querystring: { scope: string; path: string } }>('/api/pos-settings/values', { schema: { querystring: RESET_QUERYSTRING, response: { 200: CONFIGURATION_SCHEMA } } }, async (request) => {
      settingOf(settings, request.query.path);
      return change(request, request.query.scope, request.query.path, undefined);
    });

    app.get<{ Querystring: { days: number; take: number; limit?: number } }>('/api/pos-settings/recent-changes', { schema: { querystring: RECENT_CHANGES_QUERYSTRING, response: { 200: RECENT_CHANGES_SCHEMA } } }, async (request) => {
      const context = await options.resolveContext(request);
      const countriesOf = async (tenantOids: number[]) => {
        if (!tables || tenantOids.length === 0) return [];
        const rows = await db.query<{ CountryCode: string | null }>(`select distinct "CountryCode" from ${q(tables.tenant)} where "Oid" = any($1::bigint[])`, [tenantOids]);
        return rows.rows.map((row) => row.CountryCode).filter((code): code is string => code !== null);
      };
      // A user without the right anywhere sees no changes rather than an error: the dashboard card asks every user.
      const visibility = await changeVisibility(context, countriesOf);
      return readRecentChanges(db, visibility, request.query.days, request.query.limit ?? request.query.take);
    });

    // An open page follows changes made elsewhere (another tab, user or instance) through the hub.
    if (app.hasDecorator('hub')) {
      const events = new PosSettingEvents(db);
      await events.start();
      for (const method of posSettingHubMethods(events)) app.hub.methods.register(method);
      app.addHook('onClose', async () => events.close());
    }
  },
  { name: 'mate-pos-settings', fastify: '5.x' },
);

export type { ScopeTables };
