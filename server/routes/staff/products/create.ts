/** POST /api/staff/products (create, simple or variable) and POST /api/staff/products/:id/duplicate. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../../errors';
import { envelope, idParams } from '../../../../lib/contracts/common';
import { productDetailSchema } from '../../../../lib/contracts/staff-products';
import { productCreateBody } from '../../../schemas/staff-products';
import { createProduct, duplicateProduct } from '../../../services/staff-product-writes';
import { authErrors } from '../../orders/schemas';
import { productRouteKit, rejectInvalid, security, tags } from './respond';

const createRoutes: FastifyPluginAsyncZod = async (app) => {
  const { saved, write } = productRouteKit(app);

  app.post(
    '/products',
    {
      ...write,
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Crear un producto: nombre (la dirección sale del nombre y no puede estar tomada), descripción, precio, estado, mínimo / máximo / paso, ofertas, categorías; variable con `variable` y sus `variations`',
        security,
        body: productCreateBody,
        response: { 201: envelope(productDetailSchema), ...authErrors },
      },
    },
    async (req, reply) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const id = await createProduct(app.db, req.body);
      return reply.code(201).send(await saved(id, [], true));
    },
  );

  app.post(
    '/products/:id/duplicate',
    {
      ...write,
      schema: {
        tags,
        summary: 'Duplicar un producto (con variantes, ofertas, categorías e imágenes): la copia queda oculta, «(copia)», con dirección y SKU nuevos',
        security,
        params: idParams,
        response: { 201: envelope(productDetailSchema), ...authErrors },
      },
    },
    async (req, reply) => {
      const id = await duplicateProduct(app.db, req.params.id);
      if (id === null) throw HttpError.notFound(MESSAGES.productNotFound);
      return reply.code(201).send(await saved(id));
    },
  );
};

export default createRoutes;
