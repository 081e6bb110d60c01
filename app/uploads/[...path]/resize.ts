import sharp from 'sharp';

/**
 * Widths the image proxy will produce (`/uploads/…?w=320`). A fixed list keeps the cache bounded and
 * stops anyone from making the server resize to arbitrary sizes.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function parseWidth(value: string | null): ImageWidth | null | 'invalid' {
  if (value === null) return null;
  const n = Number(value);
  return (IMAGE_WIDTHS as readonly number[]).includes(n) ? (n as ImageWidth) : 'invalid';
}

// Small in-process LRU of resized images: product cards repeat across pages; browsers and any CDN in
// front cache them for a year anyway (the API names files by content). At most IMAGE_WIDTHS.length
// variants per image, MAX_ENTRIES in all.
const MAX_ENTRIES = 400;
const cache = new Map<string, Buffer>();
/** resizes under way: concurrent requests for one variant share one upstream read and one resize */
const pending = new Map<string, Promise<Buffer>>();

const idOf = (key: string, width: ImageWidth) => `${key}@${width}`;

/** The variant when already made: the route answers it without reading the original. */
export function cachedVariant(key: string, width: ImageWidth): Buffer | undefined {
  const id = idOf(key, width);
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
  }
  return hit;
}

/**
 * The variant of `key` at `width`: from the cache, else `load()` reads the original (once, however many
 * requests ask at the same time) and it is resized and kept.
 */
export async function resizedVariant(key: string, width: ImageWidth, load: () => Promise<ArrayBuffer>): Promise<Buffer> {
  const hit = cachedVariant(key, width);
  if (hit) return hit;
  const id = idOf(key, width);
  let job = pending.get(id);
  if (!job) {
    job = (async () => {
      const out = await sharp(Buffer.from(await load())).resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
      cache.set(id, out);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      return out;
    })().finally(() => pending.delete(id));
    pending.set(id, job);
  }
  return job;
}
