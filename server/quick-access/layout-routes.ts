import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import type { Database, Queryable } from '../db/database';
import { titleLanguages } from '../identity/permission-matrix-tree';
import { addFieldError, ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { emptyLayoutContent, layoutProblems, type LayoutContent, type LayoutKind, type LayoutProblem } from '../../schemas/pos-layout';
import { pushToTerminalsBelow } from '../pos-settings/settings-push';
import { parseScope, resolveScope, scopeTablesOf, type ResolvedScope } from '../pos-settings/settings-scope';
import { layoutAccess } from './layout-kinds';
import { CREATE_LAYOUT_ROUTE_SCHEMA, DELETE_LAYOUT_ROUTE_SCHEMA, DUPLICATE_LAYOUT_ROUTE_SCHEMA, LAYOUT_TARGETS_ROUTE_SCHEMA, LIST_LAYOUTS_ROUTE_SCHEMA, READ_LAYOUT_ROUTE_SCHEMA, SAVE_LAYOUT_ROUTE_SCHEMA } from './layout-schemas';
import { deleteLayout, insertLayout, listLayouts, nameTaken, readLayout, updateLayout, type StoredLayout } from './layout-store';
import { missingTargets, searchTargets, targetTablesOf } from './layout-targets';

export interface PosLayoutRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  /** Whether a change pushes the new configuration to connected terminals (the terminal endpoint is served). */
  pushToTerminals?: boolean;
}

type KindParams = { kind: LayoutKind };
type LayoutParams = { kind: LayoutKind; id: number };

/** A refused layout: 400 with the first problems in the message and every one under `errors` by where it is. */
function refuse(problems: LayoutProblem[]): never {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) addFieldError(errors, problem.path, problem.message);
  const shown = problems.slice(0, 3).map((problem) => `${problem.path} ${problem.message}`);
  throw new ApiError(400, `The layout cannot be saved: ${shown.join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}.`, { errors });
}

/**
 * The POS button layouts (docs/pos-layouts.md): quick accesses and article quick selections stored per scope like the
 * POS configuration, with its rights on each kind's own page. Every save is checked by the shared layout rules
 * (schemas/pos-layout.ts) and against the articles and product groups of the scope; connected terminals below the
 * scope get their new configuration at once.
 */
export const posLayoutRoutes = fastifyPlugin<PosLayoutRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const { db } = options;
    const tables = scopeTablesOf(options.catalogue);
    const targets = targetTablesOf(options.catalogue, tables);

    const languageOf = (request: FastifyRequest) => titleLanguages(request.headers['accept-language'])[0];
    async function scopeOf(text: string, request: FastifyRequest, member = 'scope'): Promise<ResolvedScope> {
      if (!tables) throw new ApiError(404, 'The catalogue has no tenants, locations and POS terminals to lay out buttons for.');
      return resolveScope(db, tables, parseScope(text, member), languageOf(request));
    }
    async function stored(kind: LayoutKind, oid: number): Promise<StoredLayout> {
      const layout = await readLayout(db, kind, oid);
      if (!layout) throw new ApiError(404, `No ${kind} layout ${oid} exists.`, { errors: { id: ['does not exist'] } });
      return layout;
    }
    const strip = ({ chain: _chain, tenantOid: _tenant, country: _country, ...ref }: ResolvedScope) => ref;
    async function answer(layout: StoredLayout, scope: ResolvedScope, context: RequestContext) {
      const problems = [...layoutProblems(layout.content), ...(await missingTargets(db, targets, scope, layout.content))];
      const { oid, kind, name, content, version, modifiedAt, modifiedBy } = layout;
      return { oid, kind, name, scope: strip(scope), chain: scope.chain, columns: content.columns, rows: content.rows, buttonCount: content.buttons.length, version, modifiedAt, modifiedBy, canChange: layoutAccess(kind).mayChange(context, scope), content, problems };
    }
    async function check(tx: Queryable, kind: LayoutKind, scope: ResolvedScope, name: string, content: LayoutContent, except?: number): Promise<void> {
      const problems = [...layoutProblems(content), ...(await missingTargets(tx, targets, scope, content))];
      if (problems.length > 0) refuse(problems);
      if (await nameTaken(tx, kind, scope.scope, name, except)) throw new ApiError(409, `A layout named ${name} exists at ${scope.scope} already.`, { errors: { name: ['is taken at this scope'] } });
    }
    async function pushBelow(scopes: ResolvedScope[], request: FastifyRequest): Promise<void> {
      if (!options.pushToTerminals || !tables) return;
      const distinct = new Map(scopes.map((scope) => [scope.scope, scope]));
      for (const scope of distinct.values()) await pushToTerminalsBelow(db, tables, scope, Date.now(), request.log);
    }
    const author = (context: RequestContext) => ({ userOid: context.userOid, userName: context.username });

    app.get<{ Params: KindParams; Querystring: { scope?: string } }>('/api/pos-layouts/:kind', { schema: LIST_LAYOUTS_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const access = layoutAccess(request.params.kind);
      const tenantOids = access.readableTenants(context);
      const global = access.globally(context, 'Read') || tenantOids.length > 0;
      if (request.query.scope) access.requireRead(context, await scopeOf(request.query.scope, request));
      const layouts = await listLayouts(db, request.params.kind, { global, tenantOids }, request.query.scope);
      const scopes = new Map<string, ResolvedScope>();
      const items = [];
      for (const layout of layouts) {
        let scope = scopes.get(layout.scope);
        if (!scope) {
          // A layout of a deleted location or terminal stays listed by its stored scope, so it can still be removed.
          scope = await scopeOf(layout.scope, request).catch(() => ({ ...parseScope(layout.scope), scope: layout.scope, id: layout.scope, text: layout.scope, tenantOid: layout.tenantOid, country: layout.country, chain: [] }));
          scopes.set(layout.scope, scope);
        }
        const { oid, name, content, version, modifiedAt, modifiedBy } = layout;
        items.push({ oid, name, scope: strip(scope), columns: content.columns, rows: content.rows, buttonCount: content.buttons.length, version, modifiedAt, modifiedBy, canChange: access.mayChange(context, scope) });
      }
      return { items };
    });

    app.post<{ Params: KindParams; Body: { scope: string; name: string; content?: LayoutContent } }>('/api/pos-layouts/:kind', { schema: CREATE_LAYOUT_ROUTE_SCHEMA }, async (request, reply) => {
      const context = await options.resolveContext(request);
      const { kind } = request.params;
      const scope = await scopeOf(request.body.scope, request);
      layoutAccess(kind).requireChange(context, scope);
      const name = request.body.name.trim();
      const content = request.body.content ?? emptyLayoutContent();
      const layout = await db.transaction(async (tx) => {
        await check(tx, kind, scope, name, content);
        return insertLayout(tx, kind, scope, name, content, author(context));
      });
      await pushBelow([scope], request);
      return reply.code(201).send(await answer(layout, scope, context));
    });

    app.get<{ Params: KindParams; Querystring: { scope: string; buttonKind: 'item' | 'itemGroup'; search: string; take: number } }>(
      '/api/pos-layouts/:kind/targets',
      { schema: LAYOUT_TARGETS_ROUTE_SCHEMA },
      async (request) => {
        const context = await options.resolveContext(request);
        const scope = await scopeOf(request.query.scope, request);
        layoutAccess(request.params.kind).requireRead(context, scope);
        if (!targets) return { items: [] };
        return { items: await searchTargets(db, targets, scope, request.query.buttonKind, request.query.search, request.query.take) };
      },
    );

    app.get<{ Params: LayoutParams }>('/api/pos-layouts/:kind/:id', { schema: READ_LAYOUT_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const layout = await stored(request.params.kind, request.params.id);
      const scope = await scopeOf(layout.scope, request);
      layoutAccess(layout.kind).requireRead(context, scope);
      return answer(layout, scope, context);
    });

    app.put<{ Params: LayoutParams; Body: { scope: string; name: string; content: LayoutContent; version: number } }>('/api/pos-layouts/:kind/:id', { schema: SAVE_LAYOUT_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const access = layoutAccess(request.params.kind);
      const before = await stored(request.params.kind, request.params.id);
      const from = await scopeOf(before.scope, request);
      access.requireChange(context, from);
      // Moving a layout to another scope needs the right there too.
      const to = request.body.scope === before.scope ? from : await scopeOf(request.body.scope, request);
      access.requireChange(context, to);
      const name = request.body.name.trim();
      const saved = await db.transaction(async (tx) => {
        await check(tx, before.kind, to, name, request.body.content, before.oid);
        return updateLayout(tx, before.oid, request.body.version, to, name, request.body.content, author(context));
      });
      if (!saved) throw new ApiError(409, `The layout ${before.name} was saved by someone else meanwhile; reload it to see their change.`, { errors: { version: ['is not the stored version'] } });
      await pushBelow([from, to], request);
      return answer(saved, to, context);
    });

    app.post<{ Params: LayoutParams; Body: { scope: string; name: string } }>('/api/pos-layouts/:kind/:id/duplicate', { schema: DUPLICATE_LAYOUT_ROUTE_SCHEMA }, async (request, reply) => {
      const context = await options.resolveContext(request);
      const access = layoutAccess(request.params.kind);
      const source = await stored(request.params.kind, request.params.id);
      access.requireRead(context, await scopeOf(source.scope, request));
      const scope = await scopeOf(request.body.scope, request);
      access.requireChange(context, scope);
      const name = request.body.name.trim();
      const copy = await db.transaction(async (tx) => {
        await check(tx, source.kind, scope, name, source.content);
        return insertLayout(tx, source.kind, scope, name, source.content, author(context));
      });
      await pushBelow([scope], request);
      return reply.code(201).send(await answer(copy, scope, context));
    });

    app.delete<{ Params: LayoutParams }>('/api/pos-layouts/:kind/:id', { schema: DELETE_LAYOUT_ROUTE_SCHEMA }, async (request, reply) => {
      const context = await options.resolveContext(request);
      const layout = await stored(request.params.kind, request.params.id);
      const scope = await scopeOf(layout.scope, request);
      layoutAccess(layout.kind).requireChange(context, scope);
      await deleteLayout(db, layout.oid);
      await pushBelow([scope], request);
      return reply.code(204).send();
    });
  },
  { name: 'mate-pos-layouts', fastify: '5.x' },
);
