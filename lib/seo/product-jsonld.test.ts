import type { AggregateOffer, Offer as SchemaOffer, UnitPriceSpecification } from 'schema-dts';
import type { Offer } from '@/lib/contracts/catalogue';
import { serializeJsonForScript } from './inline-script';
import {
  availabilityFor,
  buildProductJsonLd,
  clipText,
  DEFAULT_BRAND,
  effectivePrice,
  markdownToText,
  priceRange,
  schemaPrice,
  sortedTiers,
  type ProductJsonLdSource,
} from './product-jsonld';

const URL = 'https://shop.test/sahumerios/sahumerio-de-lavanda';
const absolute = (path: string) => `https://shop.test${path}`;
const opts = { url: URL, absolute };

function product(over: Partial<ProductJsonLdSource> = {}): ProductJsonLdSource {
  return {
    name: 'Sahumerio de lavanda',
    description: '**Aroma** suave de [lavanda](https://example.com).',
    brand: 'Sagrada Madre',
    state: 'active',
    isVariable: false,
    price: 1500,
    discount: null,
    minPrice: 1500,
    maxPrice: 1500,
    variationCount: 0,
    Offers: [],
    ProductImages: [{ id: 1, name: '/uploads/products/lavanda.webp' }],
    SKU: 'SAH-LAV',
    sku: 'SAH-LAV',
    ...over,
  };
}

const tier = (over: Partial<Offer> & Pick<Offer, 'id' | 'units' | 'price'>): Offer => ({
  name: `${over.units} unidades`,
  isVip: false,
  isStrict: false,
  ...over,
});

describe('availabilityFor', () => {
  it.each([
    ['active', 'https://schema.org/InStock'],
    ['limited', 'https://schema.org/LimitedAvailability'],
    ['noStock', 'https://schema.org/OutOfStock'],
    ['hidden', 'https://schema.org/Discontinued'],
    ['other', 'https://schema.org/Discontinued'],
    ['', 'https://schema.org/Discontinued'],
    [undefined, 'https://schema.org/Discontinued'],
    [null, 'https://schema.org/Discontinued'],
    ['toString', 'https://schema.org/Discontinued'],
  ])('%p → %s', (state, expected) => {
    expect(availabilityFor(state as string)).toBe(expected);
  });

  it('puts the availability on the offers of the product', () => {
    for (const [state, url] of [
      ['active', 'https://schema.org/InStock'],
      ['limited', 'https://schema.org/LimitedAvailability'],
      ['noStock', 'https://schema.org/OutOfStock'],
      ['hidden', 'https://schema.org/Discontinued'],
    ] as const) {
      const ld = buildProductJsonLd(product({ state }), opts);
      expect((ld.offers as AggregateOffer).availability).toBe(url);
    }
  });
});

describe('offers', () => {
  it('variable product with minPrice = maxPrice → one Offer at that price', () => {
    const ld = buildProductJsonLd(
      product({ isVariable: true, price: 0, minPrice: 2400, maxPrice: 2400, variationCount: 6 }),
      opts,
    );
    const offer = ld.offers as SchemaOffer & Record<string, unknown>;
    expect(offer['@type']).toBe('Offer');
    expect(offer.price).toBe(2400);
    expect(offer.priceCurrency).toBe('ARS');
    expect(offer.url).toBe(URL);
    expect(offer).not.toHaveProperty('offerCount');
    expect(offer).not.toHaveProperty('lowPrice');
  });

  it('variable product with different prices → AggregateOffer with the range and offerCount = variationCount', () => {
    const ld = buildProductJsonLd(
      product({ isVariable: true, minPrice: 1234.5, maxPrice: 2000, variationCount: 14 }),
      opts,
    );
    const agg = ld.offers as AggregateOffer & Record<string, unknown>;
    expect(agg['@type']).toBe('AggregateOffer');
    expect(agg.lowPrice).toBe(1234.5);
    expect(agg.highPrice).toBe(2000);
    expect(agg.offerCount).toBe(14);
    expect(agg.priceCurrency).toBe('ARS');
  });

  it('offerCount falls back to 1 when variationCount is 0', () => {
    const ld = buildProductJsonLd(product({ isVariable: true, minPrice: 10, maxPrice: 20, variationCount: 0 }), opts);
    expect((ld.offers as AggregateOffer).offerCount).toBe(1);
  });

  it('a simple product is not "variable with equal prices": AggregateOffer with offerCount 1', () => {
    const ld = buildProductJsonLd(product({ isVariable: false, price: 1500, minPrice: 1500, maxPrice: 1500 }), opts);
    const agg = ld.offers as AggregateOffer & Record<string, unknown>;
    expect(agg['@type']).toBe('AggregateOffer');
    expect(agg.lowPrice).toBe(1500);
    expect(agg.highPrice).toBe(1500);
    expect(agg.offerCount).toBe(1);
  });

  it('a simple product without min/max prices uses its selling price (the discount when present)', () => {
    const ld = buildProductJsonLd(product({ price: 1000, discount: 800, minPrice: 0, maxPrice: 0 }), opts);
    const agg = ld.offers as AggregateOffer;
    expect(agg.lowPrice).toBe(800);
    expect(agg.highPrice).toBe(800);
  });

  it('lists the tiers inside the AggregateOffer, sorted by units, with price, eligibleQuantity and name', () => {
    const ld = buildProductJsonLd(
      product({
        Offers: [
          tier({ id: 2, units: 48, price: 1100, name: 'Caja x48' }),
          tier({ id: 1, units: 12, price: 1300, name: 'Docena', isStrict: true }),
          tier({ id: 3, units: 100, price: 900, name: 'VIP x100', isVip: true }),
        ],
      }),
      opts,
    );
    const agg = ld.offers as AggregateOffer & { offers: (SchemaOffer & Record<string, unknown>)[] };
    expect(agg.offers.map((o) => o.name)).toEqual(['Docena', 'Caja x48', 'VIP x100']);
    expect(agg.offers[0]).toEqual({
      '@type': 'Offer',
      name: 'Docena',
      price: 1300,
      priceCurrency: 'ARS',
      eligibleQuantity: { '@type': 'QuantitativeValue', unitCode: 'C62', value: 12, minValue: 12 },
      availability: 'https://schema.org/InStock',
      url: URL,
    });
  });

  it('lists the tiers of a single Offer as UnitPriceSpecifications with price, minimum units and name', () => {
    const ld = buildProductJsonLd(
      product({
        isVariable: true,
        minPrice: 500,
        maxPrice: 500,
        Offers: [tier({ id: 9, units: 24, price: 450, name: 'Mayorista' })],
      }),
      opts,
    );
    const offer = ld.offers as SchemaOffer & { priceSpecification: UnitPriceSpecification[] };
    expect(offer['@type']).toBe('Offer');
    expect(offer.priceSpecification).toEqual([
      {
        '@type': 'UnitPriceSpecification',
        name: 'Mayorista',
        price: 450,
        priceCurrency: 'ARS',
        eligibleQuantity: { '@type': 'QuantitativeValue', unitCode: 'C62', value: 24, minValue: 24 },
      },
    ]);
  });

  it('keeps the unit price of a product sold from a minimum of N pieces and states the minimum', () => {
    const agg = buildProductJsonLd(product({ price: 800, minPrice: 800, maxPrice: 800, min: 6 }), opts)
      .offers as AggregateOffer;
    expect(agg.lowPrice).toBe(800);
    expect(agg.eligibleQuantity).toEqual({ '@type': 'QuantitativeValue', unitCode: 'C62', value: 6, minValue: 6 });
    const single = buildProductJsonLd(product({ isVariable: true, minPrice: 500, maxPrice: 500, min: 3 }), opts)
      .offers as SchemaOffer;
    expect(single.price).toBe(500);
    expect(single.eligibleQuantity).toEqual({ '@type': 'QuantitativeValue', unitCode: 'C62', value: 3, minValue: 3 });
  });

  it.each([0, 1, undefined, 2.5, NaN])('states no minimum for min = %p', (min) => {
    const agg = buildProductJsonLd(product({ min: min as number }), opts).offers;
    expect(agg).not.toHaveProperty('eligibleQuantity');
  });

  it('publishes no priceValidUntil (the prices have no expiry date in the data)', () => {
    const ld = buildProductJsonLd(product({ isVariable: true, minPrice: 5, maxPrice: 5 }), opts);
    expect(ld.offers).not.toHaveProperty('priceValidUntil');
  });

  it('omits the tier list when there are no (well-formed) tiers', () => {
    const agg = buildProductJsonLd(product({ Offers: [tier({ id: 1, units: 0, price: 5 })] }), opts).offers;
    expect(agg).not.toHaveProperty('offers');
    const single = buildProductJsonLd(product({ isVariable: true, minPrice: 5, maxPrice: 5, Offers: [] }), opts).offers;
    expect(single).not.toHaveProperty('priceSpecification');
  });

  it('rounds prices to centavos', () => {
    const ld = buildProductJsonLd(product({ isVariable: true, minPrice: 0.1 + 0.2, maxPrice: 10.005 }), opts);
    expect((ld.offers as AggregateOffer).lowPrice).toBe(0.3);
    expect((ld.offers as AggregateOffer).highPrice).toBe(10.01);
  });
});

describe('product fields', () => {
  it('has context, type, name, url, sku and brand', () => {
    const ld = buildProductJsonLd(product(), opts);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe('Sahumerio de lavanda');
    expect(ld.url).toBe(URL);
    expect(ld.sku).toBe('SAH-LAV');
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Sagrada Madre' });
  });

  it.each([[''], ['   '], [null], [undefined]])('brand %p defaults to Artesanal', (brand) => {
    const ld = buildProductJsonLd(product({ brand: brand as string }), opts);
    expect(ld.brand).toEqual({ '@type': 'Brand', name: DEFAULT_BRAND });
    expect(DEFAULT_BRAND).toBe('Artesanal');
  });

  it('takes sku from SKU, else from sku, and leaves it out when both are empty', () => {
    expect(buildProductJsonLd(product({ SKU: '', sku: 'low' }), opts).sku).toBe('low');
    expect(buildProductJsonLd(product({ SKU: '', sku: '' }), opts)).not.toHaveProperty('sku');
  });

  it('makes every image absolute and keeps absolute ones', () => {
    const ld = buildProductJsonLd(
      product({
        ProductImages: [
          { id: 1, name: '/uploads/products/a.webp' },
          { id: 2, name: 'https://cdn.test/b.webp' },
          { id: 3, name: '' },
        ],
      }),
      opts,
    );
    expect(ld.image).toEqual(['https://shop.test/uploads/products/a.webp', 'https://cdn.test/b.webp']);
  });

  it('leaves image out when there is none', () => {
    expect(buildProductJsonLd(product({ ProductImages: [] }), opts)).not.toHaveProperty('image');
  });

  it('has the description as plain text', () => {
    const ld = buildProductJsonLd(product(), opts);
    expect(ld.description).toBe('Aroma suave de lavanda.');
    expect(buildProductJsonLd(product({ description: '' }), opts)).not.toHaveProperty('description');
  });

  it('survives inlining: a hostile name cannot close the script element', () => {
    const ld = buildProductJsonLd(product({ name: '</script><script>alert(1)</script>' }), opts);
    const out = serializeJsonForScript(ld);
    expect(out).not.toContain('</script>');
    expect(JSON.parse(out).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('helpers', () => {
  it('markdownToText strips markdown and raw HTML', () => {
    const md = [
      '# Título',
      '',
      'Texto con **negrita**, _cursiva_, `código` y ~~tachado~~.',
      '',
      '- uno',
      '- dos',
      '1. tres',
      '',
      '> cita',
      '',
      '![foto](/x.png) [enlace](https://x.test)',
      '<script>alert(1)</script><b>html</b>',
      '```js\nconst x = 1;\n```',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
    ].join('\n');
    const text = markdownToText(md);
    expect(text).toBe('Título Texto con negrita, cursiva, código y tachado. uno dos tres cita foto enlace html a b 1 2');
    expect(text).not.toMatch(/[#*_`<>|]/);
  });

  it('markdownToText keeps snake_case words and handles empty input', () => {
    expect(markdownToText('palo_santo y 2*3')).toBe('palo_santo y 2*3');
    expect(markdownToText(null)).toBe('');
    expect(markdownToText(undefined)).toBe('');
  });

  it('clipText cuts at a word boundary with an ellipsis', () => {
    expect(clipText('corto', 10)).toBe('corto');
    const out = clipText('una frase bastante larga para cortar', 20);
    expect(out.length).toBeLessThanOrEqual(20);
    expect(out.endsWith('…')).toBe(true);
    expect(out).toBe('una frase bastante…');
  });

  it('schemaPrice rounds to 2 decimals and guards non-finite values', () => {
    expect(schemaPrice(1.005)).toBe(1.01);
    expect(schemaPrice(1234.5)).toBe(1234.5);
    expect(schemaPrice(Number.NaN)).toBe(0);
  });

  it('effectivePrice uses a real discount only', () => {
    expect(effectivePrice({ price: 100, discount: 80 })).toBe(80);
    expect(effectivePrice({ price: 100, discount: null })).toBe(100);
    expect(effectivePrice({ price: 100, discount: 0 })).toBe(100);
    expect(effectivePrice({ price: 100, discount: 120 })).toBe(100);
  });

  it('priceRange orders low/high and falls back for missing values', () => {
    expect(priceRange({ isVariable: true, price: 0, discount: null, minPrice: 300, maxPrice: 100 })).toEqual({ low: 100, high: 300 });
    expect(priceRange({ isVariable: true, price: 50, discount: null, minPrice: 0, maxPrice: 0 })).toEqual({ low: 50, high: 50 });
  });

  it('sortedTiers drops malformed tiers and sorts by units then price', () => {
    const out = sortedTiers([
      tier({ id: 1, units: 10, price: 5 }),
      tier({ id: 2, units: 0, price: 5 }),
      tier({ id: 3, units: 5, price: Number.NaN }),
      tier({ id: 4, units: 5, price: 7 }),
      tier({ id: 5, units: 5, price: 6 }),
    ]);
    expect(out.map((t) => t.id)).toEqual([5, 4, 1]);
    expect(sortedTiers(null)).toEqual([]);
  });
});
