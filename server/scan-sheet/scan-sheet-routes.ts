import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import { quoteIdent as q } from '../data/sql-names';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { pickSheetArticles, sheetArticleTable } from './pick-articles';
import { SCAN_SHEET_LAYOUTS, SCAN_SHEET_PATH, SCAN_SHEET_PDF_ROUTE_SCHEMA, SCAN_SHEET_ROUTE_SCHEMA, type ScanSheetLayout } from './scan-sheet-schemas';

export interface ScanSheetRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  /** The clock of the footer (tests). */
  now?: () => Date;
}

type SheetQuery = { count: number; seed?: number; layout: ScanSheetLayout };

/**
 * The random scan sheet (docs/scan-sheet.md): GET /api/scan-sheet answers the picked articles and their codes (the
 * page's preview), GET /api/scan-sheet/scan-sheet.pdf the same as a printable A4 PDF. Read on /tools/scan-sheet in
 * the scope's tenant; the seed makes a sheet reproducible.
 */
export const scanSheetRoutes = fastifyPlugin<ScanSheetRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const table = sheetArticleTable(options.catalogue);
    if (!table) return;
    const tenantTable = options.catalogue.find('tenancy', 'tenant')?.table;
    const now = options.now ?? (() => new Date());
    const sheet = async (request: FastifyRequest<{ Querystring: SheetQuery }>) => {
      const context = await options.resolveContext(request);
      const tenantOid = context.tenantOid;
      if (tenantOid === undefined) throw new ApiError(403, 'No tenant is selected for this request: a scan sheet holds the articles of one tenant.');
      if (!context.can(SCAN_SHEET_PATH, 'Read', tenantOid)) throw new ApiError(403, `The scan sheet needs Read on ${SCAN_SHEET_PATH} in tenant ${tenantOid}.`);
      const seed = request.query.seed ?? randomInt(0, 2_147_483_647);
      const layout = request.query.layout;
      const grid = SCAN_SHEET_LAYOUTS[layout];
      const items = await pickSheetArticles(options.db, table, tenantOid, seed, request.query.count);
      return { tenantOid, seed, layout, ...grid, pages: Math.max(1, Math.ceil(items.length / (grid.columns * grid.rows))), items };
    };
    app.get<{ Querystring: SheetQuery }>('/api/scan-sheet', { schema: SCAN_SHEET_ROUTE_SCHEMA }, async (request) => {
      const { tenantOid: _tenant, ...answer } = await sheet(request);
      return answer;
    });
    app.get<{ Querystring: SheetQuery }>('/api/scan-sheet/scan-sheet.pdf', { schema: SCAN_SHEET_PDF_ROUTE_SCHEMA }, async (request, reply) => {
      const picked = await sheet(request);
      const tenant = tenantTable ? await options.db.query<{ Name: string | null }>(`select "Name" from ${q(tenantTable)} where "Oid" = $1`, [picked.tenantOid]) : undefined;
      // react-pdf is loaded at the first sheet, not at the server's start (seconds of module loading).
      const { scanSheetPdf } = await import('./scan-sheet-pdf');
      const pdf = await scanSheetPdf(picked.items, picked, { tenantName: tenant?.rows[0]?.Name ?? `Tenant ${picked.tenantOid}`, seed: picked.seed, createdAt: now().toISOString().slice(0, 16).replace('T', ' ') });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="scan-sheet-${picked.seed}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-scan-sheet-seed', String(picked.seed))
        .send(pdf);
    });
  },
  { name: 'mate-scan-sheet', fastify: '5.x' },
);
