/**
 * Staff product tools (registered by ../index.ts under /api/staff; permission products:write, held by
 * superadmin, admin and employee — orderemployee and customers get 403, guests 401):
 *
 *   GET    /api/staff/products?q&state&category&page&rows   top-level products, hidden ones included
 *   POST   /api/staff/products { name, slug?, sku?, description?, price, discount?, state?, min?, max?, steps?,
 *          offers?, categoryIds?, variable?, variations? }         create (simple, or variable with its variations)
 *   GET    /api/staff/products/:id                          one product with variations, offers, images, categories
 *   POST   /api/staff/products/:id/duplicate                a hidden copy "(copia)" with new slug and SKU
 *   POST   /api/staff/products/:id/archive { archived }     archived = off the storefront and search, kept for orders
 *   DELETE /api/staff/products/:id                          only a product never ordered (else 409: archive it)
 *   PATCH  /api/staff/products/:id { price?, discount?, state?, min?, max?, steps?, offers?, categoryIds? }
 *   POST   /api/staff/products/:id/images                   multipart, one JPG/PNG/WEBP ≤ 10 MB → WebP
 *   PUT    /api/staff/products/:id/images/order { ids }     the new order (a permutation of the ids)
 *   DELETE /api/staff/products/:id/images/:imageId
 *
 * Every write runs in one transaction and is then announced through services/catalogue-changes.ts as a
 * catalogue change (server/events): the API's catalogue cache drops it and the storefront revalidates the
 * product (by id and every slug), its parent, its old and new categories and the lists, so the public page
 * changes at once.
 *
 * One file a concern: ./read.ts (list, detail), ./create.ts (create, duplicate), ./update.ts (edit, archive,
 * delete), ./images.ts; their bodies in server/schemas/staff-products.ts, their logic in
 * server/services/staff-products.ts (reads), staff-product-writes.ts and product-images.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import createRoutes from './create';
import imageRoutes from './images';
import readRoutes from './read';
import updateRoutes from './update';

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readRoutes);
  await app.register(createRoutes);
  await app.register(updateRoutes);
  await app.register(imageRoutes);
};

export default productRoutes;
