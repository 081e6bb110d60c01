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
// front cache them for a year anyway (the API names files by content).
const MAX_ENTRIES = 400;
const cache = new Map<string, Buffer>();

/**
 * The link-preview image (`/uploads/…?preview=og`): what WhatsApp, Facebook, LinkedIn… show when a page
 * is shared. JPEG, because not every app that unfurls links shows WebP; 1200×630 (the 1.91:1 card they
 * all crop to), the whole picture fitted on white so no product is cut; declared in og:image:* so the
 * first preview does not wait for the download. Well under 300 kB at this quality.
 */
export const OG_PREVIEW = { width: 1200, height: 630, type: 'image/jpeg' } as const;

export async function ogPreview(key: string, input: ArrayBuffer): Promise<Buffer> {
  return cached(`${key}@og`, () =>
    sharp(Buffer.from(input))
      .resize({ width: OG_PREVIEW.width, height: OG_PREVIEW.height, fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer(),
  );
}

async function cached(id: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const out = await make();
  cache.set(id, out);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return out;
}

export async function resized(key: string, input: ArrayBuffer, width: ImageWidth): Promise<Buffer> {
  return cached(`${key}@${width}`, () =>
    sharp(Buffer.from(input)).resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer(),
  );
}
