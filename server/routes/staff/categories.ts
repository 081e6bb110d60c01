/**
 * Staff category management (registered by ./index.ts under /api/staff; permission products:write, the
 * same as editing products: superadmin, admin and employee — orderemployee and customers 403, guests 401):
 *
 *   GET    /api/staff/categories                         every category in order, with product counts
 *   POST   /api/staff/categories { name, slug?, description? }   appended at the end of the order
 *   PATCH  /api/staff/categories/:id { name?, slug?, description? }
 *   PUT    /api/staff/categories/order { ids }           the new order (a permutation of every id)
 *   POST   /api/staff/categories/:id/image               multipart JPG/PNG/WEBP → WebP (the product pipeline)
 *   DELETE /api/staff/categories/:id                     only an empty category (else 409)
 *
 * A category's slug is its storefront address (/{slug}): unique, and never one of the storefront's own
 * top-level paths. Every write is one transaction and is announced through services/catalogue-changes.ts.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { asc, count, eq, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { categories, productCategories } from '../../db/schema';
import { HttpError, MESSAGES } from '../../errors';
import { slugify } from '../../lib/text';
import { idParams, messageOnly } from '../../../lib/contracts/common';
import { categoryOrderBody, staffCategoriesSchema, staffCategorySchema, type StaffCategory } from '../../../lib/contracts/staff-categories';
import { CATEGORY_SLUG_RE, categoryCreateBody, categoryPatchBody } from '../../schemas/staff-categories';
import { categoryCols, visibleProductCount } from '../../services/shop-content';
import { catalogueChanged } from '../../services/catalogue-changes';
import { readUpload } from '../../storage/upload';
import { toWebp } from '../../services/product-images';
import reservedSegments from '../../../i18n/reserved-segments.json';
import { LOCALE_INFO, LOCALES } from '../../../lib/locales';
import { staffDoc } from './doc';

/**
 * Top-level paths of the storefront (app/[locale]/…, app/…) and its locales: a category there would never
 * be reachable. The storefront's own list (i18n/reserved-segments.json, which the proxy and next.config read)
 * plus the locale codes and the metadata routes — one list, not a copy that a new route forgets (two did:
 * renew-session, status-template). server/test/staff-catalog.test.ts checks it against the app directory.
 */
export const RESERVED_CATEGORY_SLUGS: ReadonlySet<string> = new Set(
  [...reservedSegments, ...LOCALES, ...LOCALES.map((l) => LOCALE_INFO[l].prefix.slice(1)), 'docs', 'health', 'manifest', 'robots', 'sitemap']
    .filter(Boolean)
    .map((s) => s.toLowerCase()),
);

type Tx = Db;

async function listStaffCategories(db: Db): Promise<StaffCategory[]> {
  return db
    .select({
      ...categoryCols,
      order: categories.order,
      productCount: sql<number>`(select count(*)::int from product_categories pc join products p on p.id = pc.product_id
        where pc.category_id = categories.id and p.parent_id is null)`.mapWith(Number),
      visibleCount: visibleProductCount().mapWith(Number),
    })
    .from(categories)
    .orderBy(asc(categories.order), asc(categories.id));
}

async function oneCategory(db: Db, id: number): Promise<StaffCategory> {
  const found = (await listStaffCategories(db)).find((c) => c.id === id);
  if (!found) throw HttpError.notFound(MESSAGES.categoryNotFound);
  return found;
}

/** The slug to store: valid, not reserved, not another category's (409). */
async function usableSlug(tx: Tx, slug: string, exceptId?: number): Promise<string> {
  if (!CATEGORY_SLUG_RE.test(slug)) throw HttpError.badRequest(MESSAGES.categorySlugInvalid);
  if (RESERVED_CATEGORY_SLUGS.has(slug)) throw HttpError.badRequest(MESSAGES.categorySlugReserved);
  const [other] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).limit(1);
  if (other && other.id !== exceptId) throw HttpError.conflict(MESSAGES.categorySlugTaken);
  return slug;
}

/** The category's row, locked until the transaction ends; 404 when there is none. */
async function lockCategory(tx: Tx, id: number) {
  const [c] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!c) throw HttpError.notFound(MESSAGES.categoryNotFound);
  return c;
}

/** Names of files this module writes: c<category id>-<16 hex of the content hash>.webp */
const UPLOADED_NAME = /^c[1-9][0-9]{0,9}-[0-9a-f]{16}\.webp$/;

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission('products:write');
  const announce = (slugs: string[]) => catalogueChanged(app, { kind: 'category', slugs });
  const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => app.db.transaction((txRaw) => work(txRaw as unknown as Tx));

  const catalogueMessages = new Set<string>(Object.values(MESSAGES));
  const rejectInvalid = (err: unknown): never => {
    const issues = (err as { validation?: { message?: string }[] }).validation ?? [];
    const specific = issues.map((i) => i.message).find((m): m is string => typeof m === 'string' && catalogueMessages.has(m));
    throw HttpError.badRequest(specific ?? MESSAGES.badParams);
  };

  const removeIfOrphan = async (url: string | null) => {
    if (!url) return;
    const name = path.posix.basename(url);
    if (!url.startsWith('/uploads/categories/') || !UPLOADED_NAME.test(name)) return; // seed files are shared
    const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(categories).where(eq(categories.image, url));
    if (Number(n) === 0) await app.blobs.remove(`uploads/categories/${name}`);
  };

  app.get(
    '/categories',
    {
      preHandler: guard,
      schema: staffDoc('Categorías en orden, con la cantidad de productos (todos y visibles)', { data: staffCategoriesSchema }),
    },
    async () => ({ success: true as const, data: await listStaffCategories(app.db) }),
  );

  app.post(
    '/categories',
    {
      config: { invalidates: ['categories', 'products'] },
      preHandler: guard,
      attachValidation: true,
      schema: staffDoc('Crear una categoría (la dirección sale del nombre si no se indica; única); va al final del orden', { body: categoryCreateBody, data: staffCategorySchema, status: 201 }),
    },
    async (req, reply) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const b = req.body;
      const id = await inTransaction(async (tx) => {
        const slug = await usableSlug(tx, b.slug ?? slugify(b.name));
        const [last] = await tx.select({ top: max(categories.order) }).from(categories);
        const [row] = await tx
          .insert(categories)
          .values({ name: b.name, slug, description: b.description ?? null, order: (last?.top ?? 0) + 1 })
          .returning({ id: categories.id });
        return row!.id;
      });
      const data = await oneCategory(app.db, id);
      await announce([data.slug]);
      return reply.code(201).send({ success: true as const, message: MESSAGES.saved, data });
    },
  );

  app.put(
    '/categories/order',
    {
      config: { invalidates: ['categories', 'products'] },
      preHandler: guard,
      attachValidation: true,
      schema: staffDoc('Reordenar las categorías (todas sus ids, en el orden nuevo)', { body: categoryOrderBody, data: staffCategoriesSchema }),
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const ids = req.body.ids;
      await inTransaction(async (tx) => {
        // the whole table locked: two reorders cannot interleave, nor a create slip in between
        const current = await tx.select({ id: categories.id }).from(categories).for('update');
        const have = new Set(current.map((r) => r.id));
        if (ids.length !== have.size || new Set(ids).size !== ids.length || !ids.every((x) => have.has(x))) {
          throw HttpError.badRequest(MESSAGES.categoryOrderMismatch);
        }
        for (const [i, id] of ids.entries()) await tx.update(categories).set({ order: i + 1 }).where(eq(categories.id, id));
      });
      const data = await listStaffCategories(app.db);
      await announce([]);
      return { success: true as const, message: MESSAGES.saved, data };
    },
  );

  app.patch(
    '/categories/:id',
    {
      config: { invalidates: ['categories', 'products'] },
      preHandler: guard,
      attachValidation: true,
      schema: staffDoc('Renombrar una categoría, cambiar su dirección o su descripción', { params: idParams, body: categoryPatchBody, data: staffCategorySchema }),
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const b = req.body;
      const before = await inTransaction(async (tx) => {
        const c = await lockCategory(tx, req.params.id);
        const slug = b.slug === undefined ? c.slug : await usableSlug(tx, b.slug, c.id);
        await tx
          .update(categories)
          .set({ name: b.name ?? c.name, slug, ...(b.description !== undefined ? { description: b.description } : {}) })
          .where(eq(categories.id, c.id));
        return c;
      });
      const data = await oneCategory(app.db, req.params.id);
      await announce([before.slug, data.slug]);
      return { success: true as const, message: MESSAGES.saved, data };
    },
  );

  app.post(
    '/categories/:id/image',
    {
      config: { invalidates: ['categories', 'products'] },
      preHandler: guard,
      schema: staffDoc(
        'Imagen de la categoría (multipart, JPG / PNG / WEBP de hasta 10 MB); se guarda como WebP, reemplaza la anterior',
        { upload: true, params: idParams, data: staffCategorySchema },
      ),
    },
    async (req) => {
      const id = req.params.id;
      const [exists] = await app.db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
      if (!exists) throw HttpError.notFound(MESSAGES.categoryNotFound);
      const file = await readUpload(req, { allowed: ['image/jpeg', 'image/png', 'image/webp'], typeMessage: MESSAGES.imageType });
      const webp = await toWebp(file.data);
      const name = `c${id}-${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
      const url = `/uploads/categories/${name}`;
      await app.blobs.save({ key: `uploads/categories/${name}`, data: webp, contentType: 'image/webp', visibility: 'public', ownerId: req.user!.id });
      let previous: string | null = null;
      try {
        previous = await inTransaction(async (tx) => {
          const c = await lockCategory(tx, id);
          await tx.update(categories).set({ image: url }).where(eq(categories.id, id));
          return c.image;
        });
      } catch (err) {
        await removeIfOrphan(url);
        throw err;
      }
      if (previous !== url) await removeIfOrphan(previous);
      const data = await oneCategory(app.db, id);
      await announce([data.slug]);
      return { success: true as const, message: MESSAGES.saved, data };
    },
  );

  app.delete(
    '/categories/:id',
    {
      config: { invalidates: ['categories', 'products'] },
      preHandler: guard,
      schema: staffDoc('Borrar una categoría vacía (con productos responde 409)', { params: idParams, reply: messageOnly }),
    },
    async (req) => {
      const removed = await inTransaction(async (tx) => {
        const c = await lockCategory(tx, req.params.id);
        // any product row counts (hidden, archived or a variation's link): deleting would silently unlink it
        const [used] = await tx.select({ n: count() }).from(productCategories).where(eq(productCategories.categoryId, c.id));
        if (Number(used?.n ?? 0) > 0) throw HttpError.conflict(MESSAGES.categoryNotEmpty);
        await tx.delete(categories).where(eq(categories.id, c.id));
        return c;
      });
      await removeIfOrphan(removed.image);
      await announce([removed.slug]);
      return { success: true as const, message: MESSAGES.saved };
    },
  );
};

export default routes;
