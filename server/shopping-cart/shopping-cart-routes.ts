import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import { permissionPath } from '../data/data-request';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { cartTablesOf, searchCartArticles, tenantCurrency } from './cart-articles';
import { CART_ARTICLES_ROUTE_SCHEMA, SHOPPING_CART_PATH } from './shopping-cart-schemas';

export interface ShoppingCartRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
}

/**
 * The shopping cart's article search (GET /api/shopping-cart/articles, docs/shopping-cart.md). The cart itself is
 * computed in the browser by schemas/price-calculation.ts, the module the documents' intake checks totals with.
 * Articles show prices: Read on the cart page and Read on the articles, both in the scope's tenant.
 */
export const shoppingCartRoutes = fastifyPlugin<ShoppingCartRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const tables = cartTablesOf(options.catalogue);
    const articleKind = options.catalogue.find('pos-supply', 'article');
    if (!tables || !articleKind) return;
    app.get<{ Querystring: { q: string; take: number } }>(
      '/api/shopping-cart/articles',
      { schema: CART_ARTICLES_ROUTE_SCHEMA },
      async (request) => {
        const context = await options.resolveContext(request);
        const tenantOid = context.tenantOid;
        if (tenantOid === undefined) throw new ApiError(403, 'No tenant is selected for this request: the cart holds the articles of one tenant.');
        for (const path of [SHOPPING_CART_PATH, permissionPath(articleKind)]) {
          if (!context.can(path, 'Read', tenantOid)) throw new ApiError(403, `The shopping cart needs Read on ${path} in tenant ${tenantOid}.`);
        }
        const currency = await tenantCurrency(options.db, tables, tenantOid);
        return { ...currency, items: await searchCartArticles(options.db, tables, tenantOid, request.query.q, request.query.take) };
      },
    );
  },
  { name: 'mate-shopping-cart', fastify: '5.x' },
);
