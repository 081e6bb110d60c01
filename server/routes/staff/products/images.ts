/** POST /api/staff/products/:id/images (upload), PUT …/images/order, DELETE …/images/:imageId. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../../errors';
import { idParams } from '../../../../lib/contracts/common';
import { productDetailSchema } from '../../../../lib/contracts/staff-products';
import { IMAGE_MAX_SIDE, imageOrderBody, imageParams } from '../../../schemas/staff-products';
import { addProductImage, removeProductImage, reorderProductImages } from '../../../services/product-images';
import { readUpload } from '../../../storage/upload';
import { productRouteKit, rejectInvalid } from './respond';
import { staffDoc } from '../doc';

const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { saved, write } = productRouteKit(app);

  app.post(
    '/products/:id/images',
    {
      ...write,
      schema: staffDoc(
        `Subir una imagen (multipart, JPG / PNG / WEBP de hasta 10 MB); se guarda como WebP de hasta ${IMAGE_MAX_SIDE} px`,
        { upload: true, params: idParams, data: productDetailSchema, status: 201 },
      ),
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
      schema: staffDoc('Reordenar las imágenes (todas sus ids, en el orden nuevo; la primera es la principal)', { params: idParams, body: imageOrderBody, data: productDetailSchema }),
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
      schema: staffDoc('Quitar una imagen del producto', { params: imageParams, data: productDetailSchema }),
    },
    async (req) => {
      const { id, imageId } = req.params;
      if (!(await removeProductImage(app, id, imageId))) throw HttpError.notFound();
      return saved(id);
    },
  );
};

export default imageRoutes;
