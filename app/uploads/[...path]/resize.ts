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

export async function resized(key: string, input: ArrayBuffer, width: ImageWidth): Promise<Buffer> {
  const id = `${key}@${width}`;
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const out = await sharp(Buffer.from(input)).resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
  cache.set(id, out);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return out;
}
