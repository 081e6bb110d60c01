/** POST /api/staff/products (create, simple or variable) and POST /api/staff/products/:id/duplicate. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../../errors';
import { idParams } from '../../../../lib/contracts/common';
import { productDetailSchema } from '../../../../lib/contracts/staff-products';
import { productCreateBody } from '../../../schemas/staff-products';
import { createProduct, duplicateProduct } from '../../../services/staff-product-writes';
import { productRouteKit, rejectInvalid } from './respond';
import { staffDoc } from '../doc';

const createRoutes: FastifyPluginAsyncZod = async (app) => {
  const { saved, write } = productRouteKit(app);

  app.post(
    '/products',
    {
      ...write,
      attachValidation: true,
      schema: staffDoc(
        'Crear un producto: nombre (la dirección sale del nombre y no puede estar tomada), descripción, precio, estado, mínimo / máximo / paso, ofertas, categorías; variable con `variable` y sus `variations`',
        { body: productCreateBody, data: productDetailSchema, status: 201 },
      ),
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
      schema: staffDoc(
        'Duplicar un producto (con variantes, ofertas, categorías e imágenes): la copia queda oculta, «(copia)», con dirección y SKU nuevos',
        { params: idParams, data: productDetailSchema, status: 201 },
      ),
    },
    async (req, reply) => {
      const id = await duplicateProduct(app.db, req.params.id);
      if (id === null) throw HttpError.notFound(MESSAGES.productNotFound);
      return reply.code(201).send(await saved(id));
    },
  );
};

export default createRoutes;
