import { dedupeMetadata, metadataKey, staleMetadata } from './head-dedupe';

function head(html: string): HTMLHeadElement {
  document.head.innerHTML = html;
  return document.head;
}

const oldPage = `
  <title>Aromas del Alma | Productos</title>
  <meta name="description" content="viejo">
  <link rel="canonical" href="https://shop.test/products">
  <link rel="alternate" hreflang="es" href="https://shop.test/products">
  <meta property="og:url" content="https://shop.test/products">
  <meta name="twitter:title" content="viejo">`;
const newPage = `
  <meta name="description" content="nuevo">
  <link rel="canonical" href="https://shop.test/products?page=2">
  <link rel="alternate" hreflang="es" href="https://shop.test/products?page=2">
  <meta property="og:url" content="https://shop.test/products?page=2">
  <meta name="twitter:title" content="nuevo">`;

describe('head metadata dedupe (vercel/next.js#97472 workaround)', () => {
  it('keys only the per-page metadata slots', () => {
    const el = (html: string) => head(html).firstElementChild as Element;
    expect(metadataKey(el('<link rel="canonical" href="/a">'))).toBe('canonical');
    expect(metadataKey(el('<link rel="alternate" hreflang="pt-BR" href="/br/a">'))).toBe('alternate:pt-BR');
    expect(metadataKey(el('<meta property="og:image" content="x">'))).toBe('property:og:image');
    expect(metadataKey(el('<meta name="description" content="x">'))).toBe('name:description');
    // tags that may legitimately repeat, or are not page metadata, are left alone
    expect(metadataKey(el('<link rel="stylesheet" href="/a.css">'))).toBeNull();
    expect(metadataKey(el('<link rel="alternate" type="application/rss+xml" href="/feed">'))).toBeNull();
    expect(metadataKey(el('<meta name="theme-color" content="#000">'))).toBeNull();
    expect(metadataKey(el('<meta name="viewport" content="width=device-width">'))).toBeNull();
  });

  it('a single page head is untouched', () => {
    const h = head(oldPage);
    const before = h.innerHTML;
    expect(dedupeMetadata(h)).toBe(0);
    expect(h.innerHTML).toBe(before);
  });

  it('after a navigation that left the old tags, only the later (current) ones stay in play', () => {
    const h = head(oldPage + newPage);
    expect(staleMetadata(h)).toHaveLength(5);
    expect(dedupeMetadata(h)).toBe(5);
    expect(h.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(h.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://shop.test/products?page=2');
    expect(h.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(h.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('nuevo');
    expect(h.querySelectorAll('link[hreflang="es"]')).toHaveLength(1);
    expect(h.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://shop.test/products?page=2');
    // the old tags are still in the DOM (React owns them), inert, with their values kept for debugging
    const stale = h.querySelector('link[data-stale-rel="canonical"]');
    expect(stale?.getAttribute('href')).toBe('https://shop.test/products');
    expect(stale?.hasAttribute('rel')).toBe(false);
    expect(h.querySelector('meta[data-stale-name="description"]')?.getAttribute('content')).toBe('viejo');
    // running again changes nothing
    expect(dedupeMetadata(h)).toBe(0);
  });
});
