/** GET /api/staff/products (the paged list) and GET /api/staff/products/:id (one product for the editor). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../../errors';
import { envelope, idParams } from '../../../../lib/contracts/common';
import { productDetailSchema, productListQuery, productListSchema } from '../../../../lib/contracts/staff-products';
import { listProducts, productDetail } from '../../../services/staff-products';
import { authErrors } from '../../orders/schemas';
import { productRouteKit, security, tags } from './respond';

const readRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard } = productRouteKit(app);

  app.get(
    '/products',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Productos para el personal (incluye ocultos): búsqueda por nombre, SKU o id, filtro por estado y categoría, paginado',
        security,
        querystring: productListQuery,
        response: { 200: envelope(productListSchema), ...authErrors },
      },
    },
    async (req) => ({ success: true as const, data: await listProducts(app.db, req.query) }),
  );

  app.get(
    '/products/:id',
    {
      preHandler: guard,
      schema: { tags, summary: 'Un producto con variantes, ofertas, imágenes y categorías', security, params: idParams, response: { 200: envelope(productDetailSchema), ...authErrors } },
    },
    async (req) => {
      const data = await productDetail(app.db, req.params.id);
      if (!data) throw HttpError.notFound(MESSAGES.productNotFound);
      return { success: true as const, data };
    },
  );
};

export default readRoutes;
