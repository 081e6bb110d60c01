/**
 * Product images of the staff editor (routes/staff/products/images.ts) and category images
 * (routes/staff/categories.ts): every upload is re-encoded as WebP; a file is removed from storage only when
 * no row shows it any more (a duplicated product shares its original's files).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { transaction, type Db } from '../db/client';
import { productImages, products } from '../db/schema';
import { HttpError, MESSAGES } from '../errors';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_MAX_SIDE, MAX_IMAGES } from '../schemas/staff-products';
import type { BlobStorage } from '../storage/blobs';

type ImageDeps = { db: Db; blobs: BlobStorage };

/** Names of files this module writes: p<product id>-<16 hex of the content hash>.webp */
const UPLOADED_NAME = /^p[1-9][0-9]{0,9}-[0-9a-f]{16}\.webp$/;

/**
 * Decodes (content sniffed by readUpload; sharp must also be able to decode it), auto-rotates by EXIF,
 * strips metadata, fits inside IMAGE_MAX_SIDE and encodes WebP. Undecodable → 400.
 */
export async function toWebp(data: Buffer): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 3 })
      .toBuffer();
  } catch {
    throw HttpError.badRequest(MESSAGES.imageSave);
  }
}

/** Removes an uploaded product image from storage when no row shows it (seed files are shared: kept). */
export async function removeIfOrphan(deps: ImageDeps, url: string): Promise<void> {
  const name = path.posix.basename(url);
  if (!url.startsWith('/uploads/products/') || !UPLOADED_NAME.test(name)) return;
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(productImages).where(eq(productImages.url, url));
  if (Number(n) === 0) await deps.blobs.remove(`uploads/products/${name}`);
}

/**
 * Stores the upload as WebP and appends it to the product's images (at most MAX_IMAGES). 404 when there is no
 * product, before the upload is read (`read`: the request's file).
 */
export async function addProductImage(deps: ImageDeps, id: number, read: () => Promise<Buffer>, ownerId: number): Promise<void> {
  const [p] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  if (!p) throw HttpError.notFound(MESSAGES.productNotFound);
  // the client's file name is never used: the stored name comes from the product id and the content
  const webp = await toWebp(await read());
  const name = `p${id}-${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
  const url = `/uploads/products/${name}`;
  await deps.blobs.save({ key: `uploads/products/${name}`, data: webp, contentType: 'image/webp', visibility: 'public', ownerId });
  try {
    await transaction(deps.db, async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
      const [{ n, top } = { n: 0, top: -1 }] = await tx
        .select({ n: count(), top: sql<number>`coalesce(max(${productImages.position}), -1)`.mapWith(Number) })
        .from(productImages)
        .where(eq(productImages.productId, id));
      if (Number(n) >= MAX_IMAGES) throw HttpError.badRequest(MESSAGES.imageTooMany);
      await tx.insert(productImages).values({ productId: id, url, position: top + 1 });
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    });
  } catch (err) {
    await removeIfOrphan(deps, url);
    throw err;
  }
}

/** Puts the images in this order (all their ids, each once; else 400); false when there is no product. */
export async function reorderProductImages(db: Db, id: number, ids: readonly number[]): Promise<boolean> {
  return transaction(db, async (tx) => {
    const locked = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (locked.length === 0) return false;
    const current = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, id));
    const have = new Set(current.map((r) => r.id));
    if (ids.length !== have.size || new Set(ids).size !== ids.length || !ids.every((x) => have.has(x))) {
      throw HttpError.badRequest(MESSAGES.imageOrderMismatch);
    }
    for (const [position, imageId] of ids.entries()) {
      await tx.update(productImages).set({ position }).where(and(eq(productImages.id, imageId), eq(productImages.productId, id)));
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    return true;
  });
}

/** Removes one image of the product (and its file when orphaned); false when the product has no such image. */
export async function removeProductImage(deps: ImageDeps, id: number, imageId: number): Promise<boolean> {
  const removed = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
      .returning({ url: productImages.url });
    if (!row) return null;
    // keep positions dense (0..n-1) so "first image" stays well defined
    const rest = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id));
    for (const [position, r] of rest.entries()) await tx.update(productImages).set({ position }).where(eq(productImages.id, r.id));
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    return row;
  });
  if (!removed) return false;
  await removeIfOrphan(deps, removed.url);
  return true;
}
