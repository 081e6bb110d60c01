/**
 * Storefront settings changed by staff (routes/staff/settings.ts): home carousel images, footer search
 * tags and transports. Carousel uploads are re-encoded: whatever JPEG/PNG/WebP comes in (checked by
 * content before this point) is decoded by sharp, auto-rotated, cut to the banner shape and written as
 * WebP under $DATA_DIR/uploads/carousel/ (served by plugins/uploads.ts). Re-encoding also drops EXIF
 * metadata (GPS…) and anything appended to the image.
 *
 * A change of the carousel or the tags is announced as a catalogue change (server/events): the API's
 * cache drops it, the storefront revalidates the home carousel (`carousel`) or the footer tags (`tags`).
 * Transports are read live by the checkout: nothing to announce.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, max, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { StaffCarouselImage, StaffTag, StaffTransport } from '../../lib/admin/settings-types';
import { tags as cacheTags } from '../../lib/cache';
import type { Db } from '../db/client';
import type { WriteDeps } from '../events';
import { carouselImages, tags, transports } from '../db/schema';
import { HttpError, MESSAGES } from '../errors';
import type { BlobStorage } from '../storage/blobs';

export const SETTINGS_MESSAGES = {
  imageSaved: 'Imagen agregada al carrusel',
  imageUpdated: 'Imagen actualizada',
  imageDeleted: 'Imagen eliminada del carrusel',
  orderSaved: 'Orden del carrusel guardado',
  badOrder: 'El orden debe incluir cada imagen del carrusel una sola vez',
  imageType: 'La imagen debe ser JPG, PNG o WEBP',
  imageUnreadable: 'No se pudo leer la imagen',
  imageTooSmall: 'La imagen es demasiado chica: debe medir al menos 600 × 225 píxeles',
  tagSaved: 'Etiqueta guardada',
  tagDeleted: 'Etiqueta eliminada',
  transportSaved: 'Transporte guardado',
  transportParent: 'El transporte padre no existe o ya es una variante',
  imageSave: MESSAGES.imageSave,
} as const;
const M = SETTINGS_MESSAGES;

/** Banner size of the home carousel (same as the seed's banners). */
const CAROUSEL_WIDTH = 1600;
const CAROUSEL_HEIGHT = 600;
/** Uploaded carousel files: generated names only, so a stored URL can be traced back to one of ours. */
const UPLOADED = /^\/uploads\/carousel\/up-[0-9a-f-]{36}\.webp$/;

export async function listCarouselForStaff(db: Db): Promise<StaffCarouselImage[]> {
  const rows = await db.select().from(carouselImages).orderBy(asc(carouselImages.position), asc(carouselImages.id));
  return rows.map((r) => ({ id: r.id, url: r.url, alt: r.alt, link: r.link, position: r.position }));
}

export async function listTagsForStaff(db: Db): Promise<StaffTag[]> {
  const rows = await db.select().from(tags).orderBy(asc(tags.position), asc(tags.id));
  return rows.map((r) => ({ id: r.id, name: r.name, url: r.url, position: r.position }));
}

export async function listTransportsForStaff(db: Db): Promise<StaffTransport[]> {
  return db
    .select({ id: transports.id, name: transports.name, fatherId: transports.fatherId, isAble: transports.isAble })
    .from(transports)
    .orderBy(sql`coalesce(${transports.fatherId}, ${transports.id})`, sql`${transports.fatherId} nulls first`, asc(transports.id));
}

/** Decodes, auto-rotates, crops to 1600×600 and encodes WebP. 400 when sharp cannot read it or it is tiny. */
async function toCarouselWebp(data: Buffer): Promise<Buffer> {
  // limitInputPixels: a small file that decodes to a gigantic bitmap (decompression bomb) is refused
  const img = sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' });
  let meta: Awaited<ReturnType<typeof img.metadata>>;
  try {
    meta = await img.metadata();
  } catch {
    throw HttpError.badRequest(M.imageUnreadable);
  }
  const w = meta.autoOrient?.width ?? meta.width ?? 0;
  const h = meta.autoOrient?.height ?? meta.height ?? 0;
  if (w < CAROUSEL_WIDTH * 0.375 || h < CAROUSEL_HEIGHT * 0.375) throw HttpError.badRequest(M.imageTooSmall);
  try {
    return await img.rotate().resize(CAROUSEL_WIDTH, CAROUSEL_HEIGHT, { fit: 'cover', position: 'attention' }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw HttpError.badRequest(M.imageUnreadable);
  }
}

const carouselChanged = (deps: WriteDeps) => deps.events.emit({ type: 'catalogue.changed', areas: ['carousel'], tags: [cacheTags.carousel] });
const tagsChanged = (deps: WriteDeps) => deps.events.emit({ type: 'catalogue.changed', areas: ['tags'], tags: [cacheTags.tags] });

export async function addCarouselImage(
  deps: WriteDeps,
  blobs: BlobStorage,
  data: Buffer,
  meta: { alt: string; link: string | null },
): Promise<StaffCarouselImage> {
  const { db } = deps;
  const webp = await toCarouselWebp(data);
  const name = `up-${randomUUID()}.webp`;
  const key = `uploads/carousel/${name}`;
  await blobs.save({ key, data: webp, contentType: 'image/webp', visibility: 'public' });
  let image: StaffCarouselImage;
  try {
    const [last] = await db.select({ p: max(carouselImages.position) }).from(carouselImages);
    const [row] = await db
      .insert(carouselImages)
      .values({ url: `/uploads/carousel/${name}`, alt: meta.alt, link: meta.link, position: (last?.p ?? -1) + 1 })
      .returning();
    image = { id: row!.id, url: row!.url, alt: row!.alt, link: row!.link, position: row!.position };
  } catch (err) {
    await blobs.remove(key);
    throw err;
  }
  await carouselChanged(deps);
  return image;
}

export async function updateCarouselImage(deps: WriteDeps, id: number, patch: { alt?: string; link?: string | null }): Promise<boolean> {
  const { db } = deps;
  if (patch.alt === undefined && patch.link === undefined) return (await db.select({ id: carouselImages.id }).from(carouselImages).where(eq(carouselImages.id, id))).length > 0;
  const rows = await db.update(carouselImages).set(patch).where(eq(carouselImages.id, id)).returning({ id: carouselImages.id });
  if (rows.length > 0) await carouselChanged(deps);
  return rows.length > 0;
}

/** Deletes the row; the file too when it is one of our uploads and no other row shows it. */
export async function deleteCarouselImage(deps: WriteDeps, blobs: BlobStorage, id: number): Promise<boolean> {
  const { db } = deps;
  const [row] = await db.delete(carouselImages).where(eq(carouselImages.id, id)).returning({ url: carouselImages.url });
  if (!row) return false;
  if (UPLOADED.test(row.url)) {
    const still = await db.select({ id: carouselImages.id }).from(carouselImages).where(eq(carouselImages.url, row.url)).limit(1);
    if (still.length === 0) await blobs.remove(row.url.slice(1));
  }
  await carouselChanged(deps);
  return true;
}

/** New order: `ids` must be exactly the current images, each once. */
export async function reorderCarousel(deps: WriteDeps, ids: number[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await tx.select({ id: carouselImages.id }).from(carouselImages);
    const set = new Set(ids);
    if (set.size !== ids.length || set.size !== current.length || current.some((c) => !set.has(c.id))) throw HttpError.badRequest(M.badOrder);
    for (const [i, id] of ids.entries()) await tx.update(carouselImages).set({ position: i }).where(eq(carouselImages.id, id));
  });
  await carouselChanged(deps);
}

export async function createTag(deps: WriteDeps, v: { name: string; url: string }): Promise<StaffTag> {
  const { db } = deps;
  const [last] = await db.select({ p: max(tags.position) }).from(tags);
  const [row] = await db
    .insert(tags)
    .values({ ...v, position: (last?.p ?? -1) + 1 })
    .returning();
  await tagsChanged(deps);
  return { id: row!.id, name: row!.name, url: row!.url, position: row!.position };
}

export async function updateTag(deps: WriteDeps, id: number, v: { name?: string; url?: string }): Promise<StaffTag | null> {
  const { db } = deps;
  const changes = Object.keys(v).length > 0;
  const rows = changes
    ? await db.update(tags).set(v).where(eq(tags.id, id)).returning()
    : await db.select().from(tags).where(eq(tags.id, id));
  const row = rows[0];
  if (row && changes) await tagsChanged(deps);
  return row ? { id: row.id, name: row.name, url: row.url, position: row.position } : null;
}

export async function deleteTag(deps: WriteDeps, id: number): Promise<boolean> {
  const deleted = (await deps.db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id })).length > 0;
  if (deleted) await tagsChanged(deps);
  return deleted;
}

export async function createTransport(db: Db, v: { name: string; fatherId: number | null; isAble: boolean }): Promise<StaffTransport> {
  if (v.fatherId !== null) {
    const [father] = await db.select({ fatherId: transports.fatherId }).from(transports).where(eq(transports.id, v.fatherId));
    // two levels only, as the checkout shows them
    if (!father || father.fatherId !== null) throw HttpError.badRequest(M.transportParent);
  }
  const [row] = await db.insert(transports).values(v).returning({ id: transports.id, name: transports.name, fatherId: transports.fatherId, isAble: transports.isAble });
  return row!;
}

export async function updateTransport(db: Db, id: number, v: { name?: string; isAble?: boolean }): Promise<StaffTransport | null> {
  const cols = { id: transports.id, name: transports.name, fatherId: transports.fatherId, isAble: transports.isAble };
  const rows = Object.keys(v).length
    ? await db.update(transports).set(v).where(eq(transports.id, id)).returning(cols)
    : await db.select(cols).from(transports).where(eq(transports.id, id));
  return rows[0] ?? null;
}
