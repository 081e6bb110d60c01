import sharp from 'sharp';
import { OG_PREVIEW } from '@/lib/seo/metadata';

/**
 * Widths the image proxy will produce (`/uploads/…?w=320`). A fixed list keeps the cache bounded and
 * stops anyone from making the server resize to arbitrary sizes.
 */
const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function parseWidth(value: string | null): ImageWidth | null | 'invalid' {
  if (value === null) return null;
  const n = Number(value);
  return (IMAGE_WIDTHS as readonly number[]).includes(n) ? (n as ImageWidth) : 'invalid';
}

// Small in-process LRU of resized images: product cards repeat across pages; browsers and any CDN in
// front cache them for a year anyway (the API names files by content). At most IMAGE_WIDTHS.length + 1
// variants per image (the widths and the link preview), MAX_ENTRIES in all.
const MAX_ENTRIES = 400;
const cache = new Map<string, Buffer>();
/** resizes under way: concurrent requests for one variant share one upstream read and one resize */
const pending = new Map<string, Promise<Buffer>>();

const idOf = (key: string, kind: VariantKind) => `${key}@${kind}`;


/** A variant the route makes: a width of IMAGE_WIDTHS (WebP) or the link preview. */
export type VariantKind = ImageWidth | 'og';

export function variantType(kind: VariantKind): string {
  return kind === 'og' ? OG_PREVIEW.type : 'image/webp';
}

/**
 * The link preview (`?preview=og`, declared as og:image by lib/seo/metadata.ts): JPEG, because not every app
 * that unfurls links (WhatsApp, LinkedIn…) shows WebP; the 1.91:1 card they all crop to, the whole picture
 * fitted on white so no product is cut. Widths: WebP.
 */
function make(input: ArrayBuffer, kind: VariantKind): Promise<Buffer> {
  if (kind === 'og') {
    return sharp(Buffer.from(input))
      .resize({ width: OG_PREVIEW.width, height: OG_PREVIEW.height, fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  }
  return sharp(Buffer.from(input)).resize({ width: kind, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
}

/** The variant when already made: the route answers it without reading the original. */
function cachedVariant(key: string, kind: VariantKind): Buffer | undefined {
  const id = idOf(key, kind);
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
  }
  return hit;
}

/**
 * The variant of `key`: from the cache, else `load()` reads the original (once, however many requests
 * ask at the same time) and it is made and kept.
 */
export async function resizedVariant(key: string, kind: VariantKind, load: () => Promise<ArrayBuffer>): Promise<Buffer> {
  const hit = cachedVariant(key, kind);
  if (hit) return hit;
  const id = idOf(key, kind);
  let job = pending.get(id);
  if (!job) {
    job = (async () => {
      const out = await make(await load(), kind);
      cache.set(id, out);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      return out;
    })().finally(() => pending.delete(id));
    pending.set(id, job);
  }
  return job;
}
