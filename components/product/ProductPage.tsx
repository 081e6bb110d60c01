import type { Metadata } from 'next';
import { preload } from 'react-dom';
import { getTranslations } from 'next-intl/server';
import { permanentRedirect, redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { getProductById } from '@/lib/api/catalogue';
import { rethrowOutage } from '@/lib/api/errors';
import type { Product } from '@/lib/contracts/catalogue';
import { JsonLd } from '@/lib/seo/JsonLd';
import { breadcrumbJsonLd } from '@/lib/seo/breadcrumbs';
import { localizedPath } from '@/lib/locales';
import { absoluteUrl, pageMetadata } from '@/lib/seo/metadata';
import { buildProductJsonLd, clipText, CURRENCY, markdownToText, priceRange, schemaPrice } from '@/lib/seo/product-jsonld';
import { Breadcrumbs, type BreadcrumbItem } from '@/components/catalogue/Breadcrumbs';
import { firstCategorySlug, firstImageSrc, imageSrc, productPath, UNCATEGORISED_SEGMENT } from '@/components/catalogue/paths';
import { priceView } from '@/components/catalogue/price';
import { PriceTag } from '@/components/catalogue/PriceTag';
import { Badge, StateBadge } from '@/components/catalogue/StateBadge';
import { Description } from './Description';
import { Dimensions } from './Dimensions';
import { Gallery, type GalleryImage } from './Gallery';
import { GALLERY_SIZES, gallerySrcSet } from './image-utils';
import { loadProduct } from './load';
import { OfferTable } from './OfferTable';
import { VariationList } from './VariationList';
import { CartProvider } from '@/components/cart/CartProvider';
import { buildBuyBox } from './variations';
import styles from './ProductPage.module.css';

export interface ProductRouteParams {
  locale: Locale;
  /** The category segment of the URL ("products" for /products/{slug}). */
  categorySlug: string;
  productSlug: string;
}

/** Is this product shown at all? (spec §4: hidden products are not shown.) */
function isShown(product: Product): boolean {
  return product.state !== 'hidden';
}

/** Spanish path of the page the product belongs on. */
function canonicalPath(product: Product): string {
  return productPath(product);
}

export async function productMetadata({ locale, productSlug }: ProductRouteParams): Promise<Metadata> {
  const load = await loadProduct(productSlug);
  if (load.status !== 'ok' || !isShown(load.product) || load.product.parentId != null || load.product.isVariation) {
    // The page redirects; nothing here should be indexed.
    return { robots: { index: false, follow: true } };
  }
  const product = load.product;
  const t = await getTranslations({ locale, namespace: 'product' });
  const text = markdownToText(product.description);
  const image = firstImageSrc(product);
  return pageMetadata({
    locale,
    path: canonicalPath(product),
    title: product.name,
    description: text ? clipText(text, 160) : t('metaDescription', { name: product.name }),
    image: image ? { url: absoluteUrl(image), alt: t('imageAlt', { name: product.name }) } : null,
    type: 'product',
  });
}

/**
 * Product detail (spec §2), rendered on the server and cached per (locale, slug):
 * - missing (API 404), hidden or failed to load → temporary redirect to the (localised) home;
 * - URL category ≠ the product's first category (or slug not canonical) → ONE 308 to the canonical URL;
 * - otherwise gallery, name, price, SKU, tiers, quantity rows, description, measures and JSON-LD.
 */
export async function ProductPage({ locale, categorySlug, productSlug }: ProductRouteParams) {
  const load = await loadProduct(productSlug);
  if (load.status !== 'ok' || !isShown(load.product)) {
    redirect({ href: '/', locale });
    return null;
  }
  let product = load.product;
  // A variation's own slug (the API answers it too) belongs to its parent's page.
  if (product.parentId != null || product.isVariation) {
    const parent = product.parentId != null ? await getProductById(product.parentId).catch((err: unknown) => {
            rethrowOutage(err);
            return null;
          }) : null;
    if (!parent || !isShown(parent)) {
      redirect({ href: '/', locale });
      return null;
    }
    product = parent;
  }
  const firstCategory = firstCategorySlug(product);
  const expectedSegment = firstCategory ?? UNCATEGORISED_SEGMENT;
  if (expectedSegment !== categorySlug || product.slug !== productSlug) {
    permanentRedirect({ href: canonicalPath(product), locale });
  }

  const [t, tc] = await Promise.all([
    getTranslations({ locale, namespace: 'product' }),
    getTranslations({ locale, namespace: 'catalogue' }),
  ]);
  const path = canonicalPath(product);
  const url = absoluteUrl(localizedPath(locale, path));
  const alt = t('imageAlt', { name: product.name });
  const images: GalleryImage[] = (product.ProductImages ?? [])
    .map((img) => imageSrc(img?.name))
    .filter((src): src is string => Boolean(src))
    .map((src) => ({ src, alt }));
  const category = product.Categories?.find((c) => c.slug === firstCategory) ?? null;
  // The LCP image: announced in <head> so the browser fetches it before parsing the body.
  if (images[0]) {
    preload(images[0].src, { as: 'image', fetchPriority: 'high', imageSrcSet: gallerySrcSet(images[0].src), imageSizes: GALLERY_SIZES });
  }

  const crumbs: BreadcrumbItem[] = [
    { name: tc('breadcrumbs.home'), href: '/' },
    category ? { name: category.name, href: `/${category.slug}` } : { name: tc('breadcrumbs.products'), href: '/products' },
    { name: product.name },
  ];
  // Same-origin image paths (as the gallery and og:image use), made absolute by the builder.
  const productLd = buildProductJsonLd(
    { ...product, ProductImages: images.map((img, i) => ({ id: i, name: img.src })) },
    { url, absolute: absoluteUrl },
  );
  const crumbsLd = breadcrumbJsonLd(
    crumbs.map((c) => ({ name: c.name, url: c.href ? absoluteUrl(localizedPath(locale, c.href)) : url })),
  );
  const box = buildBuyBox(product, { path, image: images[0]?.src ?? null });
  const sku = product.SKU || product.sku;
  const view = priceView(product);

  return (
    <div className={styles.wrap}>
      <Breadcrumbs items={crumbs} label={tc('breadcrumbs.label')} />
      <article className={styles.product} data-testid="product" data-product-id={product.id}>
        <div className={styles.media}>
          <Gallery images={images} name={product.name} />
        </div>
        <div className={styles.summary}>
          <div className={styles.badges}>
            {product.isVip ? <Badge tone="vip">{t('vip')}</Badge> : null}
            {view.kind === 'single' && view.regular ? <Badge tone="sale">{t('discount')}</Badge> : null}
            <StateBadge state={product.state} labels={{ limited: t('state.limited'), noStock: t('state.noStock') }} />
          </div>
          <h1 className={styles.name}>{product.name}</h1>
          {sku ? <p className={styles.sku}>{t('sku', { sku })}</p> : null}
          <PriceTag view={view} size="lg" regularLabel={(price) => t('regularPrice', { price })} className={styles.price} />
          <OfferTable offers={product.Offers ?? []} isVariable={product.isVariable} />
          {/* The cart island lives where the cart is used, not in the shell: pages without selectors ship no cart code.
              No lookup on mount here: the cart page refreshes prices. */}
          <CartProvider refreshOnMount={false}>
            <VariationList box={box} allShownCount={t('buy.count', { shown: box.rows.length, total: box.rows.length })} />
          </CartProvider>
        </div>
        <div className={styles.details}>
          {product.description?.trim() ? (
            <section aria-labelledby="description-title" className={styles.description}>
              <h2 id="description-title">{t('description')}</h2>
              <Description markdown={product.description} />
            </section>
          ) : null}
          <Dimensions product={product} />
        </div>
      </article>
      <JsonLd data={productLd} />
      {/* Open Graph product tags (Facebook, Pinterest), in <property> form: Next's metadata API has no
          og:type=product and writes `other` as <meta name>. React hoists these into <head>. */}
      <meta property="og:type" content="product" />
      <meta property="product:price:amount" content={String(schemaPrice(priceRange(product).low))} />
      <meta property="product:price:currency" content={CURRENCY} />
      <JsonLd data={crumbsLd} />
    </div>
  );
}
