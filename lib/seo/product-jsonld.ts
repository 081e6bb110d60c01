import type {
  AggregateOffer,
  ItemAvailability,
  Offer as SchemaOffer,
  ProductLeaf as SchemaProduct,
  QuantitativeValue,
  UnitPriceSpecification,
  WithContext,
} from 'schema-dts';
import type { Offer, Product, ProductState } from '@/lib/contracts/catalogue';
import type { PriceShownKey } from '@/lib/catalogue/sale-terms';

/**
 * Pure builder of the product page's schema.org Product (spec §2 "Product detail → Structured data"):
 *
 * - availability: active → InStock, limited → LimitedAvailability, noStock → OutOfStock, anything
 *   else (hidden, unknown) → Discontinued.
 * - offers: a variable product whose minPrice equals maxPrice gives ONE `Offer` at that price;
 *   every other product gives an `AggregateOffer` with lowPrice/highPrice and
 *   offerCount = variationCount (or 1 when it is 0/absent).
 * - the price tiers (wire `Offers`) are listed with price, minimum units (eligibleQuantity
 *   QuantitativeValue minValue) and name, sorted by units:
 *     · inside the AggregateOffer as its `offers` (Offer each);
 *     · inside the single Offer as its `priceSpecification` (UnitPriceSpecification each), because an
 *       Offer cannot hold offers — this keeps "a single Offer" while still listing every tier.
 *   Tiers marked VIP are listed too (the page shows them, with a 'Cliente VIP' badge).
 * - priceCurrency ARS everywhere; brand { Brand, name: brand || 'Artesanal' }; sku; absolute images;
 *   url = the canonical URL; description = the markdown as plain text.
 *
 * Decisions for Google's merchant-listing rules (issue 30; checked by @adobe/structured-data-validator
 * in e2e/seo-rich-results.spec.ts and the seo:audit script):
 *
 * 1. Tier quantities. A tier is "`units` or more units, `price` each". Its eligibleQuantity is a
 *    QuantitativeValue { unitCode: 'C62', value: units, minValue: units }: C62 is UN/CEFACT's "one"
 *    (a piece, the unit the shop sells and prices in), `value` is the tier's threshold and `minValue`
 *    says the threshold is open upwards (no maxValue). Google's unit-pricing rules require unitCode
 *    and value on every QuantitativeValue inside a UnitPriceSpecification; this shape meets them without
 *    inventing a pack size — the price stays per piece, as on the page.
 * 2. Minimum order quantity (products with `min` > 1, e.g. 3–6 units). The offer's `price` stays the
 *    UNIT price: it is the price the page shows ("c/u"), and Google requires structured data to match
 *    the visible price; multiplying by the minimum would publish a price that appears nowhere. The
 *    minimum is stated instead, on the Offer/AggregateOffer itself, as eligibleQuantity
 *    { unitCode: 'C62', value: min, minValue: min } ("valid from `min` pieces"), so no reader takes it
 *    for the price of one piece bought alone.
 * 3. priceValidUntil is NOT published. The shop's prices have no expiry date in its data (the owner
 *    changes them whenever costs move); any date we wrote would be invented, and a past date makes
 *    Google drop the rich result. The validator's "priceValidUntil" warning is therefore expected, and
 *    the audit reports it as a warning, not an error.
 */

export const CURRENCY = 'ARS';
export const DEFAULT_BRAND = 'Artesanal';
/** Longest description put in the structured data (Google shows a snippet; the page has it all). */
const JSONLD_DESCRIPTION_MAX = 5000;

const AVAILABILITY: Record<string, ItemAvailability> = {
  active: 'https://schema.org/InStock',
  limited: 'https://schema.org/LimitedAvailability',
  noStock: 'https://schema.org/OutOfStock',
};

/** Stock state → schema.org availability URL. */
export function availabilityFor(state: ProductState | string | null | undefined): ItemAvailability {
  return (state && Object.prototype.hasOwnProperty.call(AVAILABILITY, state) ? AVAILABILITY[state] : undefined) ??
    'https://schema.org/Discontinued';
}

/** Pesos rounded to centavos, as a number (schema.org accepts numbers; no float noise like 0.30000000000000004). */
export function schemaPrice(pesos: number): number {
  if (!Number.isFinite(pesos)) return 0;
  return Math.round(pesos * 100 + (pesos >= 0 ? 1e-9 : -1e-9)) / 100;
}

/**
 * Markdown → plain text for descriptions (meta, JSON-LD): drops code fences, images (keeps alt), links
 * (keeps text), raw HTML tags, heading/quote/list/table markers and emphasis; collapses whitespace.
 */
export function markdownToText(markdown: string | null | undefined): string {
  if (!markdown) return '';
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/gm, ' ')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts plain text at a word boundary, adding "…" when it was longer than `max`. */
export function clipText(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, Math.max(1, max - 1));
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

/** The fields of a product the structured data reads. */
export type ProductJsonLdSource = Pick<
  Product,
  'name' | 'description' | 'brand' | 'state' | 'isVariable' | PriceShownKey | 'variationCount' | 'Offers' | 'ProductImages'
> &
  Partial<Pick<Product, 'min'>> & { SKU?: string | null; sku?: string | null };

export interface ProductJsonLdOptions {
  /** Canonical absolute URL of the product page. */
  url: string;
  /** Turns an image path (/uploads/…) into an absolute URL; absolute URLs are passed through as-is. */
  absolute: (path: string) => string;
}

/** A product's own selling price: the discount when there is one, else the price. */
export function effectivePrice(p: Pick<Product, 'price' | 'discount'>): number {
  return p.discount != null && p.discount > 0 && p.discount < p.price ? p.discount : p.price;
}

/** Lowest and highest price of a product (variable: min/maxPrice; simple: its selling price). */
export function priceRange(p: Pick<Product, 'isVariable' | 'price' | 'discount' | 'minPrice' | 'maxPrice'>): {
  low: number;
  high: number;
} {
  const own = effectivePrice(p);
  if (!p.isVariable) {
    const low = p.minPrice > 0 ? p.minPrice : own;
    const high = p.maxPrice > 0 ? p.maxPrice : own;
    return { low: Math.min(low, high), high: Math.max(low, high) };
  }
  const low = Number.isFinite(p.minPrice) && p.minPrice > 0 ? p.minPrice : own;
  const high = Number.isFinite(p.maxPrice) && p.maxPrice > 0 ? p.maxPrice : low;
  return { low: Math.min(low, high), high: Math.max(low, high) };
}

/** Tiers sorted by units (then price), malformed ones (units < 1, no finite price) left out. */
export function sortedTiers(offers: readonly Offer[] | null | undefined): Offer[] {
  return (offers ?? [])
    .filter((o) => Number.isFinite(o.units) && o.units >= 1 && Number.isFinite(o.price) && o.price >= 0)
    .slice()
    .sort((a, b) => a.units - b.units || a.price - b.price || a.id - b.id);
}

/** UN/CEFACT common code for "one" (a piece): the shop's selling unit. */
const UNIT_CODE_PIECE = 'C62';

/** "`units` pieces or more" (decision 1/2 above). */
function piecesOrMore(units: number): QuantitativeValue {
  return { '@type': 'QuantitativeValue', unitCode: UNIT_CODE_PIECE, value: units, minValue: units };
}

/** The product's minimum order quantity when it is above one piece, else null. */
function minimumUnits(product: Pick<Product, 'min'>): number | null {
  return Number.isSafeInteger(product.min) && product.min > 1 ? product.min : null;
}

/** A price tier as schema.org says it, the same under a single offer and an aggregate one: its name, unit price and minimum. */
function tierPrice(tier: Offer) {
  return { name: tier.name, price: schemaPrice(tier.price), priceCurrency: CURRENCY, eligibleQuantity: piecesOrMore(tier.units) };
}

function absoluteImage(name: string, absolute: (path: string) => string): string {
  return /^https?:\/\//i.test(name) ? name : absolute(name);
}

export function buildProductJsonLd(product: ProductJsonLdSource, options: ProductJsonLdOptions): WithContext<SchemaProduct> {
  const availability = availabilityFor(product.state);
  const tiers = sortedTiers(product.Offers);
  const { low, high } = priceRange(product);
  const singleOffer = product.isVariable && product.minPrice === product.maxPrice;
  const minimum = minimumUnits({ min: product.min ?? 0 });

  let offers: SchemaOffer | AggregateOffer;
  if (singleOffer) {
    const offer: SchemaOffer = {
      '@type': 'Offer',
      price: schemaPrice(low),
      priceCurrency: CURRENCY,
      availability,
      url: options.url,
    };
    if (minimum) offer.eligibleQuantity = piecesOrMore(minimum);
    if (tiers.length) {
      offer.priceSpecification = tiers.map((tier): UnitPriceSpecification => ({ '@type': 'UnitPriceSpecification', ...tierPrice(tier) }));
    }
    offers = offer;
  } else {
    const aggregate: AggregateOffer = {
      '@type': 'AggregateOffer',
      lowPrice: schemaPrice(low),
      highPrice: schemaPrice(high),
      offerCount: product.variationCount > 0 ? product.variationCount : 1,
      priceCurrency: CURRENCY,
      availability,
      url: options.url,
    };
    if (minimum) aggregate.eligibleQuantity = piecesOrMore(minimum);
    if (tiers.length) {
      aggregate.offers = tiers.map((tier): SchemaOffer => ({ '@type': 'Offer', ...tierPrice(tier), availability, url: options.url }));
    }
    offers = aggregate;
  }

  const images = (product.ProductImages ?? [])
    .map((img) => img?.name)
    .filter((name): name is string => typeof name === 'string' && name.length > 0)
    .map((name) => absoluteImage(name, options.absolute));
  const description = clipText(markdownToText(product.description), JSONLD_DESCRIPTION_MAX);
  const sku = product.SKU || product.sku || undefined;

  const ld: WithContext<SchemaProduct> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url: options.url,
    brand: { '@type': 'Brand', name: product.brand?.trim() || DEFAULT_BRAND },
    offers,
  };
  if (sku) ld.sku = sku;
  if (images.length) ld.image = images;
  if (description) ld.description = description;
  return ld;
}
