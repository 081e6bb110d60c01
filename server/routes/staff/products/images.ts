/** POST /api/staff/products/:id/images (upload), PUT …/images/order, DELETE …/images/:imageId. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../../errors';
import { envelope, errorSchema, idParams } from '../../../../lib/contracts/common';
import { productDetailSchema } from '../../../../lib/contracts/staff-products';
import { IMAGE_MAX_SIDE, imageOrderBody, imageParams } from '../../../schemas/staff-products';
import { addProductImage, removeProductImage, reorderProductImages } from '../../../services/product-images';
import { readUpload } from '../../../storage/upload';
import { authErrors } from '../../orders/schemas';
import { productRouteKit, rejectInvalid, security, tags } from './respond';

const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { saved, write } = productRouteKit(app);

  app.post(
    '/products/:id/images',
    {
      ...write,
      schema: {
        tags,
        summary: `Subir una imagen (multipart, JPG / PNG / WEBP de hasta 10 MB); se guarda como WebP de hasta ${IMAGE_MAX_SIDE} px`,
        consumes: ['multipart/form-data'],
        security,
        params: idParams,
        response: { 201: envelope(productDetailSchema), 413: errorSchema.describe('El archivo pesa mas de 10 MB'), ...authErrors },
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      const read = async () => (await readUpload(req, { allowed: ['image/jpeg', 'image/png', 'image/webp'], typeMessage: MESSAGES.imageType })).data;
      await addProductImage(app, id, read, req.user!.id);
      return reply.code(201).send(await saved(id));
    },
  );

  app.put(
    '/products/:id/images/order',
    {
      ...write,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Reordenar las imágenes (todas sus ids, en el orden nuevo; la primera es la principal)',
        security,
        params: idParams,
        body: imageOrderBody,
        response: { 200: envelope(productDetailSchema), ...authErrors },
      },
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      if (!(await reorderProductImages(app.db, req.params.id, req.body.ids))) throw HttpError.notFound(MESSAGES.productNotFound);
      return saved(req.params.id);
    },
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      ...write,
      schema: {
        tags,
        summary: 'Quitar una imagen del producto',
        security,
        params: imageParams,
        response: { 200: envelope(productDetailSchema), ...authErrors },
      },
    },
    async (req) => {
      const { id, imageId } = req.params;
      if (!(await removeProductImage(app, id, imageId))) throw HttpError.notFound();
      return saved(id);
    },
  );
};

export default imageRoutes;
