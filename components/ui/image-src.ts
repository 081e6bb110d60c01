/**
 * The src to use for an API image (ProductImage.name, CarouselImage.name, Category.image).
 * API uploads are served same-origin by app/uploads/[...path]: a relative "/uploads/…" path is used
 * as-is, and an absolute URL on the API host whose path starts with /uploads/ is turned into that path
 * (so the page never depends on the API host being reachable from the browser). Anything else passes
 * through unchanged; empty values give null.
 */
export function imageSrc(name: string | null | undefined): string | null {
  if (!name || !name.trim()) return null;
  const value = name.trim();
  if (value.startsWith('/')) return value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.pathname.startsWith('/uploads/')) return `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
    return value;
  }
  return `/${value}`;
}
