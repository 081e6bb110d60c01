import { emptyCreateValues, parsePrice, priceWarnings, productCreateSchema, productFormSchema, toCreateBody, toFormValues, toPatch, type ProductFormValues } from './form';

const m = {
  price: 'price',
  discount: 'discount',
  qty: 'qty',
  steps: 'steps',
  maxBelowMin: 'maxBelowMin',
  stepsDoNotFit: 'stepsDoNotFit',
  offerName: 'offerName',
  offerUnits: 'offerUnits',
  offerDuplicate: 'offerDuplicate',
};
const base: ProductFormValues = { price: '1000', discount: '', state: 'active', min: '0', max: '0', steps: '1', offers: [], categoryIds: [3, 1] };
const issues = (v: Partial<ProductFormValues>) => {
  const r = productFormSchema(m).safeParse({ ...base, ...v });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('product form', () => {
  it('reads prices the way the shop writes them (es-AR), at most 2 decimals, within the limit', () => {
    expect(parsePrice('1234,5')).toBe(1234.5);
    expect(parsePrice(' 10.25 ')).toBe(10.25);
    expect(parsePrice('21.500')).toBe(21500);
    expect(parsePrice('1.234,50')).toBe(1234.5);
    for (const bad of ['', '-1', '1e3', '1,001', 'abc', '30000000', '30.000.000']) expect(parsePrice(bad)).toBeNull();
  });

  it('warns when tiers no longer sit below the new price, and on a price cut to less than a fifth', () => {
    const offers = [
      { name: 'Caja', units: '12', price: '15.682,50', isVip: false, isStrict: false },
      { name: 'Bulto', units: '48', price: '14.000', isVip: false, isStrict: false },
    ];
    expect(priceWarnings({ price: '21.500', offers }, 21500)).toEqual({ tiersNotBelow: [], bigDrop: null });
    // "21.50" typed for "21.500": every tier is now above the price, and the price fell 1000×
    expect(priceWarnings({ price: '21.50', offers }, 21500)).toEqual({ tiersNotBelow: [12, 48], bigDrop: { before: 21500, after: 21.5 } });
    expect(priceWarnings({ price: '15.000', offers }, 21500)).toEqual({ tiersNotBelow: [12], bigDrop: null });
    expect(priceWarnings({ price: 'x', offers }, 21500)).toEqual({ tiersNotBelow: [], bigDrop: null });
  });

  it('shows saved amounts as the shop writes them, and reads them back unchanged', () => {
    const p = { price: 21500, discount: 19999.9, state: 'active', min: 0, max: 0, steps: 1, offers: [{ id: 1, name: 'Caja', units: 12, price: 15682.5, isVip: false, isStrict: false }], categories: [] };
    const v = toFormValues(p as unknown as Parameters<typeof toFormValues>[0]);
    expect([v.price, v.discount, v.offers[0]!.price]).toEqual(['21.500', '19.999,90', '15.682,50']);
    expect(toPatch(v, false)).toMatchObject({ price: 21500, discount: 19999.9, offers: [{ price: 15682.5 }] });
  });

  it('mirrors the API rules: discount below price, max ≥ min, step fits, unique tiers', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ discount: '1000' })).toEqual(['discount:discount']);
    expect(issues({ min: '50', max: '10' })).toEqual(['max:maxBelowMin']);
    expect(issues({ min: '7', max: '10', steps: '6' })).toEqual(['steps:stepsDoNotFit']);
    expect(issues({ steps: '0' })).toEqual(['steps:steps']);
    const offer = { name: 'Caja', units: '10', price: '900', isVip: false, isStrict: false };
    expect(issues({ offers: [offer, { ...offer, isVip: true }] })).toEqual([]);
    expect(issues({ offers: [offer, { ...offer, price: '800' }] })).toEqual(['offers.1.units:offerDuplicate']);
    expect(issues({ offers: [{ ...offer, units: '0', name: ' ' }] }).sort()).toEqual(['offers.0.name:offerName', 'offers.0.units:offerUnits']);
  });

  it('builds the PATCH body; a variation sends no tiers or categories', () => {
    const v = { ...base, price: '1234,5', discount: '1000', offers: [{ name: ' B ', units: '20', price: '9', isVip: false, isStrict: true }, { name: 'A', units: '10', price: '10', isVip: false, isStrict: false }] };
    expect(toPatch(v, false)).toEqual({
      price: 1234.5,
      discount: 1000,
      state: 'active',
      min: 0,
      max: 0,
      steps: 1,
      offers: [
        { name: 'A', units: 10, price: 10, isVip: false, isStrict: false },
        { name: 'B', units: 20, price: 9, isVip: false, isStrict: true },
      ],
      categoryIds: [3, 1],
    });
    expect(toPatch(v, true)).toEqual({ price: 1234.5, discount: 1000, state: 'active', min: 0, max: 0, steps: 1 });
  });
});

describe('new product form', () => {
  const cm = { ...m, name: 'name', variable: 'variable', variationName: 'variationName', variationDuplicate: 'variationDuplicate' };
  const createIssues = (v: Record<string, unknown>) => {
    const r = productCreateSchema(cm).safeParse({ ...emptyCreateValues(), price: '1000', name: 'Sahumerio', ...v });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('needs a name and a price as the shop types it; variations need what they vary on and distinct names', () => {
    expect(createIssues({})).toEqual([]);
    expect(createIssues({ name: '  ' })).toEqual(['name:name']);
    expect(createIssues({ price: '1e3' })).toEqual(['price:price']);
    expect(createIssues({ variations: [{ name: 'Lavanda', price: '100' }] })).toEqual(['variable:variable']);
    expect(createIssues({ variable: 'Aroma', variations: [{ name: 'Sándalo', price: '100' }, { name: 'sandalo', price: '100' }] })).toEqual(['variations.1.name:variationDuplicate']);
    expect(createIssues({ variable: 'Aroma', variations: [{ name: 'Mirra', price: '21,505' }] })).toEqual(['variations.0.price:price']);
  });

  it('builds the POST body with es-AR amounts read once (lib/money/parse)', () => {
    const body = toCreateBody({
      ...emptyCreateValues(),
      name: ' Vela ',
      price: '21.500',
      discount: '20.000,50',
      offers: [{ name: 'Caja', units: '24', price: '19.000', isVip: false, isStrict: false }],
      categoryIds: [4, 2],
      variable: 'Color',
      variations: [{ name: ' Rojo ', price: '21.500' }],
    });
    expect(body).toEqual({
      name: 'Vela',
      description: '',
      price: 21500,
      discount: 20000.5,
      state: 'active',
      min: 0,
      max: 0,
      steps: 1,
      offers: [{ name: 'Caja', units: 24, price: 19000, isVip: false, isStrict: false }],
      categoryIds: [4, 2],
      variable: 'Color',
      variations: [{ name: 'Rojo', price: 21500 }],
    });
    expect('variations' in toCreateBody({ ...emptyCreateValues(), name: 'x', price: '1' })).toBe(false);
  });
});
