/** GET /api/staff/products (the paged list) and GET /api/staff/products/:id (one product for the editor). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../../errors';
import { idParams } from '../../../../lib/contracts/common';
import { productDetailSchema, productListQuery, productListSchema } from '../../../../lib/contracts/staff-products';
import { listProducts, productDetail } from '../../../services/staff-products';
import { productRouteKit } from './respond';
import { staffDoc } from '../doc';

const readRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard } = productRouteKit(app);

  app.get(
    '/products',
    {
      preHandler: guard,
      schema: staffDoc(
        'Productos para el personal (incluye ocultos): búsqueda por nombre, SKU o id, filtro por estado y categoría, paginado',
        { querystring: productListQuery, data: productListSchema },
      ),
    },
    async (req) => ({ success: true as const, data: await listProducts(app.db, req.query) }),
  );

  app.get(
    '/products/:id',
    {
      preHandler: guard,
      schema: staffDoc('Un producto con variantes, ofertas, imágenes y categorías', { params: idParams, data: productDetailSchema }),
    },
    async (req) => {
      const data = await productDetail(app.db, req.params.id);
      if (!data) throw HttpError.notFound(MESSAGES.productNotFound);
      return { success: true as const, data };
    },
  );
};

export default readRoutes;
