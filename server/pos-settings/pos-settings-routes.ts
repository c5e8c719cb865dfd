import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Configuration, EffectiveSettings } from '../../schemas/pos-settings-wire';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { titleLanguages } from '../identity/permission-matrix-tree';
import { bodyObject, refuseUnknownFields } from '../identity/request-body';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { changeVisibility, requireEffectiveRead } from './settings-access';
import { valueProblem } from './settings-document';
import { loadSettingsTargets, targetText, type SettingsTarget, type SettingsTargets } from './settings-targets';
import {
  POS_CONFIGURATION_ROUTE_SCHEMA,
  POS_RECENT_CHANGES_ROUTE_SCHEMA,
  POS_RESET_ROUTE_SCHEMA,
  POS_VALUE_ROUTE_SCHEMA,
  RECENT_CHANGES_ROUTE_SCHEMA,
  TARGET_CONFIGURATION_ROUTE_SCHEMA,
  TARGET_EFFECTIVE_ROUTE_SCHEMA,
  TARGET_RESET_ROUTE_SCHEMA,
  TARGET_VALUE_ROUTE_SCHEMA,
} from './pos-settings-schemas';
import { parseScope, resolveScope, scopeTablesOf, type ResolvedScope, type ScopeTables } from './settings-scope';
import { readRecentChanges, readScopeValues, writeScopeValue, type ChangeVisibility } from './settings-store';
import { buildSettingsTree, effectiveSettings, effectiveSources } from './settings-view';
import { pushToTerminalsBelow } from './settings-push';
import { announceSettingChange, PosSettingEvents, posSettingHubMethods } from './settings-events';

export interface PosSettingsRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  /** The settings targets; default: the built-in ones (server/metadata/settings-targets.json). */
  targets?: SettingsTargets;
  /** Whether a change of a target that applies to terminals pushes the new configuration to connected terminals. */
  pushToTerminals?: boolean;
}

const languagesOf = (request: FastifyRequest) => titleLanguages(request.headers['accept-language']);

function settingOf(target: SettingsTarget, path: string) {
  const setting = target.settings.byPath.get(path);
  if (!setting) throw new ApiError(400, `The path ${path} is not a declared ${target.label.en} setting.`, { errors: { path: [`is not a declared ${target.label.en} setting`] } });
  return setting;
}

/**
 * The settings targets (docs/settings.md): GET /api/settings/<target>/configuration (the tree at a scope), PUT and
 * DELETE /api/settings/<target>/values (override and reset at a scope, each recorded), GET /api/settings/recent-changes
 * (the dashboard's configuration-changes card), GET /api/settings/<target>/effective (the values in force at a scope, which
 * the back office applies to itself). /api/pos-settings/* are the same for the pos target, kept for the
 * callers written before targets. Targets and their settings are declared in metadata and checked when the app starts.
 */
export const posSettingsRoutes = fastifyPlugin<PosSettingsRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const targets = options.targets ?? (await loadSettingsTargets());
    const tables = scopeTablesOf(options.catalogue);
    const { db } = options;

    async function scopeOf(text: string, request: FastifyRequest): Promise<ResolvedScope> {
      if (!tables) throw new ApiError(404, 'The catalogue has no tenants, locations and POS terminals to configure.');
      return resolveScope(db, tables, parseScope(text), languagesOf(request)[0]);
    }

    async function view(target: SettingsTarget, scope: ResolvedScope, context: RequestContext, request: FastifyRequest): Promise<Configuration> {
      const values = await readScopeValues(db, target.key, scope.chain.map((link) => link.scope));
      const { chain, tenantOid, country, level, key, id, text } = scope;
      return { scope: { level, key, scope: scope.scope, id, text, tenantOid, country }, chain, canChange: target.access.mayChange(context, scope), groups: buildSettingsTree(target.settings, chain, values, languagesOf(request)) };
    }

    async function read(target: SettingsTarget, scopeText: string, request: FastifyRequest) {
      const context = await options.resolveContext(request);
      const scope = await scopeOf(scopeText, request);
      target.access.requireRead(context, scope);
      return view(target, scope, context, request);
    }

    const countriesOf = async (tenantOids: number[]) => {
      if (!tables || tenantOids.length === 0) return [];
      const rows = await db.query<{ CountryCode: string | null }>(`select distinct "CountryCode" from ${q(tables.tenant)} where "Oid" = any($1::bigint[])`, [tenantOids]);
      return rows.rows.map((row) => row.CountryCode).filter((code): code is string => code !== null);
    };

    async function effective(target: SettingsTarget, scopeText: string, request: FastifyRequest): Promise<EffectiveSettings> {
      const context = await options.resolveContext(request);
      const scope = await scopeOf(scopeText, request);
      await requireEffectiveRead(target, context, scope, countriesOf);
      const values = await readScopeValues(db, target.key, scope.chain.map((link) => link.scope));
      return { scope: scope.scope, values: effectiveSettings(target.settings, scope.chain, values), sources: effectiveSources(target.settings, scope.chain, values) };
    }

    async function change(target: SettingsTarget, request: FastifyRequest, scopeText: string, path: string, value: unknown) {
      const context = await options.resolveContext(request);
      const scope = await scopeOf(scopeText, request);
      target.access.requireChange(context, scope);
      const { changed } = await db.transaction((tx) => writeScopeValue(tx, target.key, scope, path, value, { userOid: context.userOid, userName: context.username }));
      if (value === undefined && !changed) throw new ApiError(404, `No value of ${path} is set at ${scope.scope}.`, { errors: { path: ['has no value set at this scope'] } });
      if (changed) await announceSettingChange(db, target.key, scope, path);
      // Only a target whose values the terminals receive (metadata: appliesToTerminals) sends them a new configuration.
      if (changed && target.appliesToTerminals && options.pushToTerminals && tables) await pushToTerminalsBelow(db, tables, scope, Date.now(), request.log);
      return view(target, scope, context, request);
    }

    function override(target: SettingsTarget, request: FastifyRequest) {
      const body = bodyObject(request.body);
      refuseUnknownFields(body, ['scope', 'path', 'value']);
      const path = String(body.path);
      const setting = settingOf(target, path);
      const problem = valueProblem(setting, body.value);
      if (problem) throw new ApiError(400, `The value of ${path} ${problem}.`, { errors: { value: [problem] } });
      return change(target, request, String(body.scope), path, body.value);
    }

    function reset(target: SettingsTarget, request: FastifyRequest<{ Querystring: { scope: string; path: string } }>) {
      settingOf(target, request.query.path);
      return change(target, request, request.query.scope, request.query.path, undefined);
    }

    async function recentChanges(shown: SettingsTarget[], request: FastifyRequest<{ Querystring: { days: number; take: number; limit?: number } }>) {
      const context = await options.resolveContext(request);
      // A user without the right anywhere sees no changes rather than an error: the dashboard card asks every user.
      const visibility = new Map<string, ChangeVisibility>();
      for (const target of shown) visibility.set(target.key, await changeVisibility(target.access, context, countriesOf));
      const languages = languagesOf(request);
      return readRecentChanges(db, visibility, request.query.days, request.query.limit ?? request.query.take, (key) => {
        const target = targets.byKey.get(key);
        return target ? targetText(target, languages) : key;
      });
    }

    const pos = () => targets.get('pos');
    type TargetParams = { Params: { target: string } };

    app.get<TargetParams & { Querystring: { scope: string } }>('/api/settings/:target/configuration', { schema: TARGET_CONFIGURATION_ROUTE_SCHEMA }, (request) => read(targets.get(request.params.target), request.query.scope, request));
    app.get<TargetParams & { Querystring: { scope: string } }>('/api/settings/:target/effective', { schema: TARGET_EFFECTIVE_ROUTE_SCHEMA }, (request) => effective(targets.get(request.params.target), request.query.scope, request));
    app.put<TargetParams>('/api/settings/:target/values', { schema: TARGET_VALUE_ROUTE_SCHEMA }, (request) => override(targets.get(request.params.target), request));
    app.delete<TargetParams & { Querystring: { scope: string; path: string } }>('/api/settings/:target/values', { schema: TARGET_RESET_ROUTE_SCHEMA }, (request) => reset(targets.get(request.params.target), request));
    app.get<{ Querystring: { days: number; take: number; limit?: number } }>('/api/settings/recent-changes', { schema: RECENT_CHANGES_ROUTE_SCHEMA }, (request) => recentChanges([...targets.byKey.values()], request));

    // The pos target under its first addresses.
    app.get<{ Querystring: { scope: string } }>('/api/pos-settings/configuration', { schema: POS_CONFIGURATION_ROUTE_SCHEMA }, (request) => read(pos(), request.query.scope, request));
    app.put('/api/pos-settings/values', { schema: POS_VALUE_ROUTE_SCHEMA }, (request) => override(pos(), request));
    app.delete<{ Querystring: { scope: string; path: string } }>('/api/pos-settings/values', { schema: POS_RESET_ROUTE_SCHEMA }, (request) => reset(pos(), request));
    app.get<{ Querystring: { days: number; take: number; limit?: number } }>('/api/pos-settings/recent-changes', { schema: POS_RECENT_CHANGES_ROUTE_SCHEMA }, (request) => recentChanges([pos()], request));

    // An open page follows changes made elsewhere (another tab, user or instance) through the hub.
    if (app.hasDecorator('hub')) {
      const events = new PosSettingEvents(db, targets);
      await events.start();
      for (const method of posSettingHubMethods(events)) app.hub.methods.register(method);
      app.addHook('onClose', async () => events.close());
    }
  },
  { name: 'mate-pos-settings', fastify: '5.x' },
);

export type { ScopeTables };
