/** Catalogue: product lists, search, detail (by id, slug, sku) and the cart's lookup (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../errors';
import { idParams } from '../../../lib/contracts/common';
import {
  cartLookupItemSchema,
  lookupQuery,
  productListQuery,
  productPageSchema,
  productSchema,
  searchQuery,
  searchResultSchema,
  skuParams,
  slugParams,
} from '../../../lib/contracts/catalogue';
import { getProduct, listProducts, lookupProducts, searchProducts, type ProductKey } from '../../services/catalogue';
import { catalogueDoc } from '../catalogue-read';

declare module 'fastify' {
  interface FastifyRequest {
    /** the normalized query and its result count, for the search log (services/search-log.ts) */
    searchLogged?: { query: string; results: number };
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const config = { catalogueCache: true };

  // Every answered search is counted, also those served by the catalogue cache (the handler did not run:
  // the count of results is the last one seen for that query).
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode !== 200) return;
    if (req.searchLogged) return app.productSearch.log.record(req.searchLogged.query, req.searchLogged.results);
    if (reply.getHeader('x-cache') !== 'hit') return;
    const url = req.routeOptions.url;
    const q = req.query as { query?: string; page?: number; Categories?: string };
    const counted = url === '/api/products/search' || (url === '/api/products' && (q.page ?? 1) === 1 && !q.Categories);
    if (!counted || !q.query?.trim()) return;
    const plan = await app.productSearch.plan(q.query);
    if (plan) app.productSearch.log.record(plan.normalized);
  });

  app.get(
    '/products',
    {
      config,
      schema: catalogueDoc('Lista paginada de productos visibles (filtro por categoría, orden y búsqueda)', { querystring: productListQuery, data: productPageSchema }),
    },
    async (req) => {
      const q = req.query;
      const search = q.query?.trim() ? await app.productSearch.plan(q.query) : undefined;
      const page = await listProducts(
        app.db,
        { rows: q.rows, page: q.page, categories: q.Categories, sort: q.sort, search },
        app.catalogueCache,
      );
      let didYouMean: string | null = null;
      if (q.query?.trim() && page.total === 0) didYouMean = await app.productSearch.suggest(q.query);
      if (search && q.page === 1 && !q.Categories) req.searchLogged = { query: search.normalized, results: page.total };
      return { success: true as const, data: { ...page, didYouMean } };
    },
  );

  app.get(
    '/products/search',
    {
      config,
      schema: catalogueDoc('Búsqueda para el desplegable: hasta 10 productos, primero los que coinciden en el nombre', { querystring: searchQuery, data: searchResultSchema }),
    },
    async (req) => {
      const plan = req.query.query.trim() ? await app.productSearch.plan(req.query.query) : null;
      const items = await searchProducts(app.db, plan);
      const didYouMean = req.query.query.trim() && !items.length ? await app.productSearch.suggest(req.query.query) : null;
      if (plan) req.searchLogged = { query: plan.normalized, results: items.length };
      return { success: true as const, data: { items, didYouMean } };
    },
  );

  app.get(
    '/products/lookup',
    {
      schema: catalogueDoc(
        'Precio y estado actuales de productos o variaciones del carrito (los ocultos vienen con state hidden)',
        { querystring: lookupQuery, data: z.object({ items: z.array(cartLookupItemSchema) }) },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { items: await lookupProducts(app.db, req.query.ids) } };
    },
  );

  const detail = async (key: ProductKey) => {
    const product = await getProduct(app.db, key);
    if (!product) throw HttpError.notFound(MESSAGES.productNotFound);
    return { success: true as const, data: product };
  };

  app.get(
    '/product/:id',
    { config, schema: catalogueDoc('Producto por id', { params: idParams, data: productSchema }) },
    async (req) => detail({ id: req.params.id }),
  );
  app.get(
    '/product/slug/:slug',
    { config, schema: catalogueDoc('Producto por slug, con Categories, ProductImages, Offers y Variations visibles', { params: slugParams, data: productSchema }) },
    async (req) => detail({ slug: req.params.slug }),
  );
  app.get(
    '/product/sku/:sku',
    { config, schema: catalogueDoc('Producto por SKU', { params: skuParams, data: productSchema }) },
    async (req) => detail({ sku: req.params.sku }),
  );
};

export default routes;
