import type { Metadata } from 'next';
import { routing, type Locale } from '@/i18n/routing';
import { publicSiteUrl } from '@/lib/api/config';
import { LOCALE_INFO, localeInfo, localizedPath } from '@/lib/locales';
import { SHOP_NAME } from './business';

export { SHOP_NAME };

export function absoluteUrl(path: string): string {
  return `${publicSiteUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

/** hreflang alternates for a Spanish path: es, en, pt-BR and x-default (the Spanish URL). */
export function alternatesFor(locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  const languages: Record<string, string> = {};
  for (const l of routing.locales) languages[LOCALE_INFO[l].hreflang] = absoluteUrl(localizedPath(l, path));
  languages['x-default'] = absoluteUrl(localizedPath('es', path));
  return { canonical: absoluteUrl(localizedPath(locale, path)), languages };
}

export function truncate(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

export interface PageMetaInput {
  locale: Locale;
  /** Spanish (unprefixed) path of the page, e.g. "/velas/vela-de-soja". */
  path: string;
  /** The page's own name; the document title becomes "{Shop} | {title}". */
  title: string;
  description: string;
  image?: { url: string; alt: string; width?: number; height?: number } | null;
  /** 'product': og:type and product:price:* are written by the page (components/seo/ProductOpenGraph). */
  type?: 'website' | 'article' | 'product';
  noindex?: boolean;
}

/** The link preview the image route makes from an uploaded picture (app/uploads/[...path]/resize.ts). */
export const OG_PREVIEW = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/**
 * og:image for a picture: an upload (the shop's own WebP) becomes its 1200×630 JPEG preview, with its size
 * and type declared — apps that unfurl links skip WebP, and fetch an undeclared image too late for the
 * first preview. Other images are passed through as given.
 */
export function ogImage(image: { url: string; alt: string; width?: number; height?: number }): {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  type?: string;
} {
  const url = image.url.startsWith('http') ? image.url : absoluteUrl(image.url);
  const parsed = new URL(url);
  if (parsed.origin === new URL(absoluteUrl('/')).origin && parsed.pathname.startsWith('/uploads/')) {
    return { url: `${parsed.origin}${parsed.pathname}?preview=og`, alt: image.alt, ...OG_PREVIEW };
  }
  return { url, alt: image.alt, width: image.width, height: image.height };
}

/** Title, description, canonical, hreflang, Open Graph and Twitter card for one page. */
export function pageMetadata({ locale, path, title, description, image, type = 'website', noindex }: PageMetaInput): Metadata {
  const fullTitle = `${SHOP_NAME} | ${title}`;
  const desc = truncate(description, 160);
  const alternates = alternatesFor(locale, path);
  const images = image ? [ogImage(image)] : undefined;
  return {
    title: { absolute: fullTitle },
    description: desc,
    alternates,
    openGraph: {
      // Next writes og:type only for its own list, which has no "product"; the product page writes it.
      ...(type === 'product' ? {} : { type }),
      siteName: SHOP_NAME,
      title: fullTitle,
      description: desc,
      url: alternates.canonical as string,
      locale: localeInfo(locale).ogLocale,
      images,
    },
    twitter: { card: images ? 'summary_large_image' : 'summary', title: fullTitle, description: desc, images: images?.map((i) => i.url) },
    robots: noindex ? { index: false, follow: true } : undefined,
  };
}
