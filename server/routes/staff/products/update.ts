/** PATCH /api/staff/products/:id (the editor's fields), POST …/:id/archive and DELETE …/:id. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../../errors';
import { idParams, messageOnly } from '../../../../lib/contracts/common';
import { productDetailSchema } from '../../../../lib/contracts/staff-products';
import { archiveBody, productPatchBody } from '../../../schemas/staff-products';
import { removeIfOrphan } from '../../../services/product-images';
import { applyPatch, archiveProduct, deleteProduct } from '../../../services/staff-product-writes';
import { productRouteKit, rejectInvalid } from './respond';
import { staffDoc } from '../doc';

const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { announce, saved, write } = productRouteKit(app);

  app.patch(
    '/products/:id',
    {
      ...write,
      attachValidation: true,
      schema: staffDoc(
        'Editar precio, descuento (precio rebajado; null lo quita), estado, mínimo / máximo / paso, ofertas (reemplaza la lista) y categorías (la primera es la principal); revalida la tienda',
        { params: idParams, body: productPatchBody, data: productDetailSchema },
      ),
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const result = await applyPatch(app.db, req.params.id, req.body);
      if (!result) throw HttpError.notFound(MESSAGES.productNotFound);
      return saved(req.params.id, result.previousCategorySlugs);
    },
  );

  app.post(
    '/products/:id/archive',
    {
      ...write,
      attachValidation: true,
      schema: staffDoc(
        'Archivar (archived: true) o volver a publicar un producto: archivado no se ve en la tienda ni en la búsqueda, y los pedidos lo conservan',
        { params: idParams, body: archiveBody, data: productDetailSchema },
      ),
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      if (!(await archiveProduct(app.db, req.params.id, req.body.archived))) throw HttpError.notFound(MESSAGES.productNotFound);
      return saved(req.params.id, [], true);
    },
  );

  app.delete(
    '/products/:id',
    {
      ...write,
      schema: staffDoc('Borrar un producto que nunca se pidió (con sus variantes); si figura en algún pedido responde 409: se archiva', { params: idParams, reply: messageOnly }),
    },
    async (req) => {
      const id = req.params.id;
      const gone = await deleteProduct(app.db, id);
      if (!gone) throw HttpError.notFound(MESSAGES.productNotFound);
      for (const url of new Set(gone.urls)) await removeIfOrphan(app, url);
      await announce({ kind: 'productRemoved', productId: id, slugs: gone.slugs, categorySlugs: gone.categorySlugs });
      if (gone.parentId) await announce({ kind: 'product', productId: gone.parentId });
      return { success: true as const, message: MESSAGES.saved };
    },
  );
};

export default updateRoutes;
