/**
 * Staff: storefront settings (registered by ./index.ts under /api/staff, after its multipart plugin).
 *
 *   GET    /api/staff/settings                 config + carousel + tags + transports, and what the caller may change
 *                                              (any of config:write, categories:write, transports:write)
 *   POST   /api/staff/carousel                 categories:write — multipart: image (JPG/PNG/WebP ≤ 10 MB), alt?, link?
 *   PATCH  /api/staff/carousel/:id { alt?, link? }   ·   DELETE /api/staff/carousel/:id
 *   PUT    /api/staff/carousel/order { ids }    every image id once, in the new order
 *   POST   /api/staff/tags { name, url }  ·  PATCH /api/staff/tags/:id { name?, url? }  ·  DELETE /api/staff/tags/:id
 *   POST   /api/staff/transports { name, fatherId?, isAble? }  ·  PATCH /api/staff/transports/:id { name?, isAble? }
 *          transports:write
 * (Minimums and maintenance stay on PATCH /api/staff/config, config:write.)
 *
 * Every change of the carousel or the tags is announced by services/settings.ts (server/events): the
 * API's catalogue cache drops it and the storefront revalidates the home carousel or the footer tags.
 * Transports are read live by the checkout, so there is nothing to revalidate for them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { deletedIdSchema, idParams } from '../../../lib/contracts/common';
import {
  carouselOrderBody,
  carouselPatchBody,
  carouselUploadFields,
  shopSettingsSchema,
  staffCarouselImageSchema,
  staffCarouselSchema,
  staffTagSchema,
  tagCreateBody,
  tagPatchBody,
  transportCreateBody,
  transportPatchBody,
} from '../../../lib/contracts/staff-settings';
import { getStaffConfig } from '../../services/orders-staff';
import {
  addCarouselImage,
  createTag,
  createTransport,
  deleteCarouselImage,
  deleteTag,
  listCarouselForStaff,
  listTagsForStaff,
  listTransportsForStaff,
  reorderCarousel,
  SETTINGS_MESSAGES as M,
  updateCarouselImage,
  updateTag,
  updateTransport,
} from '../../services/settings';
import { readUpload } from '../../storage/upload';
import { transportSchema } from '../orders/schemas';
import { staffDoc } from './doc';

const routes: FastifyPluginAsyncZod = async (app) => {

  const staffWith = (...names: string[]) => app.requirePermission(...names);
  const catalogue = staffWith('categories:write');
  const transportsWrite = staffWith('transports:write');

  app.get(
    '/settings',
    {
      preHandler: staffWith('config:write', 'categories:write', 'transports:write'),
      schema: staffDoc('Configuración de la tienda: mínimos, mantenimiento, carrusel, etiquetas y transportes', { data: shopSettingsSchema }),
    },
    async (req) => {
      const perms = req.user!.permissions;
      const [config, carousel, tagList, transports] = await Promise.all([
        getStaffConfig(app.db),
        listCarouselForStaff(app.db),
        listTagsForStaff(app.db),
        listTransportsForStaff(app.db),
      ]);
      return {
        success: true as const,
        data: {
          config,
          carousel,
          tags: tagList,
          transports,
          can: { config: perms.includes('config:write'), catalogue: perms.includes('categories:write'), transports: perms.includes('transports:write') },
        },
      };
    },
  );

  /* ----------------------------------------------------------- carousel */

  app.post(
    '/carousel',
    {
      config: { invalidates: ['carousel'] },
      preHandler: catalogue,
      schema: staffDoc(
        'Agregar una imagen al carrusel (multipart: image JPG/PNG/WEBP hasta 10 MB, alt, link); se guarda como WebP 1600×600',
        { upload: true, data: staffCarouselImageSchema, status: 201 },
      ),
    },
    async (req, reply) => {
      const file = await readUpload(req, { allowed: ['image/jpeg', 'image/png', 'image/webp'], typeMessage: M.imageType });
      const fields = carouselUploadFields.safeParse({ alt: file.fields.alt ?? '', link: file.fields.link?.trim() || null });
      if (!fields.success) throw HttpError.badRequest();
      const data = await addCarouselImage(app, app.blobs, file.data, fields.data);
      return reply.code(201).send({ success: true as const, message: M.imageSaved, data });
    },
  );

  app.patch(
    '/carousel/:id',
    {
      config: { invalidates: ['carousel'] },
      preHandler: catalogue,
      schema: staffDoc('Cambiar el texto alternativo o el enlace de una imagen del carrusel (link null lo quita)', { params: idParams, body: carouselPatchBody, data: staffCarouselSchema }),
    },
    async (req) => {
      if (!(await updateCarouselImage(app, req.params.id, req.body))) throw HttpError.notFound();
      return { success: true as const, message: M.imageUpdated, data: await listCarouselForStaff(app.db) };
    },
  );

  app.delete(
    '/carousel/:id',
    {
      config: { invalidates: ['carousel'] },
      preHandler: catalogue,
      schema: staffDoc('Quitar una imagen del carrusel', { params: idParams, data: staffCarouselSchema }),
    },
    async (req) => {
      if (!(await deleteCarouselImage(app, app.blobs, req.params.id))) throw HttpError.notFound();
      return { success: true as const, message: M.imageDeleted, data: await listCarouselForStaff(app.db) };
    },
  );

  app.put(
    '/carousel/order',
    {
      config: { invalidates: ['carousel'] },
      preHandler: catalogue,
      schema: staffDoc('Reordenar el carrusel (todas las imágenes, cada una una vez, en el orden nuevo)', { body: carouselOrderBody, data: staffCarouselSchema }),
    },
    async (req) => {
      await reorderCarousel(app, req.body.ids);
      return { success: true as const, message: M.orderSaved, data: await listCarouselForStaff(app.db) };
    },
  );

  /* --------------------------------------------------------------- tags */

  app.post(
    '/tags',
    {
      config: { invalidates: ['tags'] },
      preHandler: catalogue,
      schema: staffDoc('Crear una etiqueta del pie de página (nombre y ruta de la tienda)', { body: tagCreateBody, data: staffTagSchema, status: 201 }),
    },
    async (req, reply) => {
      const data = await createTag(app, req.body);
      return reply.code(201).send({ success: true as const, message: M.tagSaved, data });
    },
  );

  app.patch(
    '/tags/:id',
    {
      config: { invalidates: ['tags'] },
      preHandler: catalogue,
      schema: staffDoc('Renombrar una etiqueta o cambiar su ruta', { params: idParams, body: tagPatchBody, data: staffTagSchema }),
    },
    async (req) => {
      const data = await updateTag(app, req.params.id, req.body);
      if (!data) throw HttpError.notFound();
      return { success: true as const, message: M.tagSaved, data };
    },
  );

  app.delete(
    '/tags/:id',
    {
      config: { invalidates: ['tags'] },
      preHandler: catalogue,
      schema: staffDoc('Eliminar una etiqueta', { params: idParams, data: deletedIdSchema }),
    },
    async (req) => {
      if (!(await deleteTag(app, req.params.id))) throw HttpError.notFound();
      return { success: true as const, message: M.tagDeleted, data: { id: req.params.id } };
    },
  );

  /* --------------------------------------------------------- transports */

  app.post(
    '/transports',
    {
      config: { invalidates: [] },
      preHandler: transportsWrite,
      schema: staffDoc('Crear un transporte (opcionalmente como variante de otro)', { body: transportCreateBody, data: transportSchema, status: 201 }),
    },
    async (req, reply) => {
      const data = await createTransport(app.db, req.body);
      return reply.code(201).send({ success: true as const, message: M.transportSaved, data });
    },
  );

  app.patch(
    '/transports/:id',
    {
      config: { invalidates: [] },
      preHandler: transportsWrite,
      schema: staffDoc(
        'Habilitar, deshabilitar o renombrar un transporte (deshabilitar el padre deshabilita sus variantes en la compra)',
        { params: idParams, body: transportPatchBody, data: transportSchema },
      ),
    },
    async (req) => {
      const data = await updateTransport(app.db, req.params.id, req.body);
      if (!data) throw HttpError.notFound();
      return { success: true as const, message: M.transportSaved, data };
    },
  );
};

export default routes;
