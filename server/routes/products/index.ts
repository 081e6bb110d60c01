/** Catalogue: product lists, search, detail (by id, slug, sku) and the cart's lookup (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../errors';
import { envelope, errorResponses, idParams } from '../../schemas/common';
import {
  cartLookupItemSchema,
  lookupQuery,
  pagedSchema,
  productListItemSchema,
  productListQuery,
  productSchema,
  searchQuery,
  skuParams,
  slugParams,
} from '../../schemas/catalogue';
import { getProduct, listProducts, lookupProducts, searchProducts, type ProductKey } from '../../services/catalogue';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catálogo'];
  const config = { catalogueCache: true };

  app.get(
    '/products',
    {
      config,
      schema: {
        tags,
        summary: 'Lista paginada de productos visibles (filtro por categoría, orden y búsqueda)',
        querystring: productListQuery,
        response: { 200: envelope(pagedSchema(productListItemSchema)), ...errorResponses },
      },
    },
    async (req) => {
      const q = req.query;
      const data = await listProducts(
        app.db,
        { rows: q.rows, page: q.page, categories: q.Categories, sort: q.sort, query: q.query },
        app.catalogueCache,
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/products/search',
    {
      config,
      schema: {
        tags,
        summary: 'Búsqueda para el desplegable: hasta 10 productos, primero los que coinciden en el nombre',
        querystring: searchQuery,
        response: { 200: envelope(z.object({ items: z.array(productListItemSchema) })), ...errorResponses },
      },
    },
    async (req) => ({ success: true as const, data: { items: await searchProducts(app.db, req.query.query) } }),
  );

  app.get(
    '/products/lookup',
    {
      schema: {
        tags,
        summary: 'Precio y estado actuales de productos o variaciones del carrito (los ocultos vienen con state hidden)',
        querystring: lookupQuery,
        response: { 200: envelope(z.object({ items: z.array(cartLookupItemSchema) })), ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { items: await lookupProducts(app.db, req.query.ids) } };
    },
  );

  const detailResponse = { 200: envelope(productSchema), ...errorResponses };
  const detail = async (key: ProductKey) => {
    const product = await getProduct(app.db, key);
    if (!product) throw HttpError.notFound(MESSAGES.productNotFound);
    return { success: true as const, data: product };
  };

  app.get(
    '/product/:id',
    { config, schema: { tags, summary: 'Producto por id', params: idParams, response: detailResponse } },
    async (req) => detail({ id: req.params.id }),
  );
  app.get(
    '/product/slug/:slug',
    {
      config,
      schema: {
        tags,
        summary: 'Producto por slug, con Categories, ProductImages, Offers y Variations visibles',
        params: slugParams,
        response: detailResponse,
      },
    },
    async (req) => detail({ slug: req.params.slug }),
  );
  app.get(
    '/product/sku/:sku',
    { config, schema: { tags, summary: 'Producto por SKU', params: skuParams, response: detailResponse } },
    async (req) => detail({ sku: req.params.sku }),
  );
};

export default routes;
