import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { documentPathOfKind } from '../documents/document-types';
import { receiptSelect, toDocument, type ReceiptRow } from '../documents/receipt-document';
import { renderReceiptHtml } from '../documents/receipt-html';
import type { ReceiptDocument } from '../documents/receipt-model';
import { titleLanguages } from '../identity/permission-matrix-tree';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { parseScope, resolveScope, scopeTablesOf, type ResolvedScope } from '../pos-settings/settings-scope';
import { parseTemplate, type TemplateProblem } from '../../schemas/receipt-template';
import { templateAccess } from './template-access';
import { effectiveTemplate } from './effective-template';
import { DELETE_TEMPLATE_ROUTE_SCHEMA, PREVIEW_TEMPLATE_ROUTE_SCHEMA, READ_TEMPLATE_ROUTE_SCHEMA, SAVE_TEMPLATE_ROUTE_SCHEMA } from './template-schemas';
import { deleteTemplate, saveTemplate, templatesOfChain } from './template-store';

export interface ReceiptTemplateRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
}

type TypeParams = { documentType: string };

/** A refused template: 400 with the first problems in the message, all of them under `problems` and `errors.xml`. */
function refuse(problems: TemplateProblem[]): never {
  const where = (problem: TemplateProblem) => [problem.line ? `line ${problem.line}` : '', problem.element ? `<${problem.element}>` : '', problem.attribute ? `@${problem.attribute}` : ''].filter(Boolean).join(' ');
  const shown = problems.slice(0, 3).map((problem) => `${where(problem)}${where(problem) ? ': ' : ''}${problem.message}`);
  const clean = problems.map(({ nodeId: _node, ...problem }) => problem);
  throw new ApiError(400, `The template cannot be saved: ${shown.join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}.`, { errors: { xml: shown }, extra: { problems: clean } });
}

/** A document to preview with when the scope has none yet: a small sale in the scope's names. */
function sampleDocument(scope: ResolvedScope): ReceiptDocument {
  const tenant = scope.chain.find((ref) => ref.level === 'TENANT');
  return {
    oid: 0,
    tenantOid: scope.tenantOid ?? 0,
    kind: 'sale',
    body: {
      id: '00000000-0000-4000-8000-000000000001',
      type: 'receipt',
      number: 1,
      createdAt: new Date().toISOString(),
      currency: 'EUR',
      operator: 'Sample',
      lines: [
        { text: 'Sample 1', quantity: 2, unitPrice: 3.5, amount: 7, taxRate: 7 },
        { text: 'Sample 2', quantity: 1, unitPrice: 12.99, amount: 12.99, taxRate: 19 },
      ],
      payments: [{ method: 'card', amount: 19.99 }],
      total: 19.99,
    },
    tenantName: tenant?.text ?? 'Mate',
    language: 'en',
    timeZone: 'UTC',
    locationName: scope.chain.find((ref) => ref.level === 'LOCATION')?.text ?? null,
    terminalName: scope.chain.find((ref) => ref.level === 'TERMINAL')?.text ?? null,
    processed: false,
  };
}

/**
 * Receipt templates (docs/receipt-templates.md): one per document type and scope, inherited downward like the POS
 * configuration, with its rights on the designer's page; every save checked by the shared template rules
 * (schemas/receipt-template.ts), a stale save a 409; and a preview that renders a draft with a real stored document.
 */
export const receiptTemplateRoutes = fastifyPlugin<ReceiptTemplateRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const { db, catalogue } = options;
    const tables = scopeTablesOf(catalogue);
    const languageOf = (request: FastifyRequest) => titleLanguages(request.headers['accept-language'])[0];
    async function scopeOf(text: string, request: FastifyRequest): Promise<ResolvedScope> {
      if (!tables) throw new ApiError(404, 'The catalogue has no tenants, locations and POS terminals to store receipt templates for.');
      return resolveScope(db, tables, parseScope(text), languageOf(request));
    }
    const strip = ({ chain: _chain, tenantOid: _tenant, country: _country, ...ref }: ResolvedScope) => ref;

    async function answer(documentType: string, scope: ResolvedScope, context: RequestContext) {
      const chain = scope.chain.map((ref) => ref.scope);
      const stored = (await templatesOfChain(db, documentType, chain)).get(scope.scope);
      const inherited = await effectiveTemplate(db, documentType, chain.slice(0, -1));
      return {
        documentType,
        scope: strip(scope),
        chain: scope.chain,
        stored: stored ? { xml: stored.xml, version: stored.version, modifiedAt: stored.modifiedAt, modifiedBy: stored.modifiedBy } : null,
        inherited: { xml: inherited.xml, from: inherited.from },
        canChange: templateAccess.mayChange(context, scope),
      };
    }

    /** The latest stored document of the scope the caller may read (its type's viewer rights in its tenant). */
    async function latestDocument(scope: ResolvedScope, context: RequestContext): Promise<ReceiptDocument | undefined> {
      const where =
        scope.level === 'TERMINAL' ? 'd.terminal_oid = $2::bigint' : scope.level === 'LOCATION' ? 'l."Oid" = $2::bigint' : scope.level === 'TENANT' ? 'd.tenant_oid = $2::bigint' : scope.level === 'COUNTRY' ? 't."CountryCode" = $2' : '$2::text is null';
      const rows = await db.query<ReceiptRow>(`${receiptSelect(catalogue)} where d.tenant_oid = any($1::bigint[]) and ${where} order by d.oid desc limit 50`, [context.tenantOids, scope.level === 'GLOBAL' ? null : scope.key]);
      return rows.rows.map(toDocument).find((document) => context.can(documentPathOfKind(document.kind), 'Read', document.tenantOid));
    }

    app.get<{ Params: TypeParams; Querystring: { scope: string } }>('/api/receipt-templates/:documentType', { schema: READ_TEMPLATE_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const scope = await scopeOf(request.query.scope, request);
      templateAccess.requireRead(context, scope);
      return answer(request.params.documentType, scope, context);
    });

    app.put<{ Params: TypeParams; Body: { scope: string; xml: string; version: number } }>('/api/receipt-templates/:documentType', { schema: SAVE_TEMPLATE_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const { documentType } = request.params;
      const scope = await scopeOf(request.body.scope, request);
      templateAccess.requireChange(context, scope);
      const parsed = parseTemplate(request.body.xml);
      if (parsed.problems.length > 0) refuse(parsed.problems);
      if (parsed.template!.documentType !== documentType) refuse([{ element: 'template', attribute: 'documentType', message: `documentType must be ${documentType} for this page` }]);
      const saved = await saveTemplate(db, documentType, scope, request.body.xml, request.body.version, { userOid: context.userOid, userName: context.username });
      if (!saved) throw new ApiError(409, `The ${documentType} template at ${scope.scope} was saved or reset by someone else meanwhile; reload it to see their change.`, { errors: { version: ['is not the stored version'] } });
      return answer(documentType, scope, context);
    });

    app.delete<{ Params: TypeParams; Querystring: { scope: string; version: number } }>('/api/receipt-templates/:documentType', { schema: DELETE_TEMPLATE_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const { documentType } = request.params;
      const scope = await scopeOf(request.query.scope, request);
      templateAccess.requireChange(context, scope);
      if (!(await deleteTemplate(db, documentType, scope.scope, request.query.version)))
        throw new ApiError(409, `The ${documentType} template at ${scope.scope} is not at version ${request.query.version} (changed or reset meanwhile); reload it.`, { errors: { version: ['is not the stored version'] } });
      return answer(documentType, scope, context);
    });

    app.post<{ Params: TypeParams; Body: { scope: string; xml: string; merchantCopy: boolean } }>(
      '/api/receipt-templates/:documentType/preview',
      { schema: PREVIEW_TEMPLATE_ROUTE_SCHEMA },
      async (request) => {
        const context = await options.resolveContext(request);
        const scope = await scopeOf(request.body.scope, request);
        templateAccess.requireRead(context, scope);
        const parsed = parseTemplate(request.body.xml);
        const problems = parsed.problems.map(({ nodeId: _node, ...problem }) => problem);
        const stored = await latestDocument(scope, context);
        const document = stored ?? sampleDocument(scope);
        const described = stored ? { uid: stored.body.id, number: stored.body.number, kind: stored.kind, createdAt: stored.body.createdAt } : null;
        if (!parsed.template || problems.length > 0) return { html: null, document: described, problems };
        return { html: await renderReceiptHtml(document, request.body.merchantCopy ? 'merchant' : 'customer', parsed.template), document: described, problems };
      },
    );
  },
  { name: 'mate-receipt-templates', fastify: '5.x' },
);
