import {
  EMPTY_CHOICES,
  firstIncompleteStep,
  nextStep,
  parseStoredChoices,
  previousStep,
  resolveStep,
  shippingFields,
  stepHref,
  stepsFor,
  withDelivery,
  cartZoneOf,
  destinationOf,
  preferredId,
  withCartZone,
  type CheckoutChoices,
} from './steps';

const full = (over: Partial<CheckoutChoices> = {}): CheckoutChoices => ({
  delivery: 'address',
  transport: { kind: 'listed', id: 5, name: 'Andreani' },
  addressId: 7,
  billingId: 3,
  shipTo: null,
  ...over,
});

describe('stepsFor', () => {
  it('pickup skips transport and address', () => {
    expect(stepsFor('pickup')).toEqual(['delivery', 'billing', 'summary']);
  });
  it('every shipment walks transport and address (the API needs a saved address)', () => {
    expect(stepsFor('depot')).toEqual(['delivery', 'transport', 'address', 'billing', 'summary']);
    expect(stepsFor('address')).toEqual(['delivery', 'transport', 'address', 'billing', 'summary']);
  });
  it('no choice yet shows the full walk', () => {
    expect(stepsFor(null)).toHaveLength(5);
  });
});

describe('next / previous', () => {
  it('walk forward and back per delivery type', () => {
    expect(nextStep('delivery', 'pickup')).toBe('billing');
    expect(nextStep('billing', 'pickup')).toBe('summary');
    expect(nextStep('summary', 'pickup')).toBeNull();
    expect(previousStep('billing', 'pickup')).toBe('delivery');
    expect(nextStep('transport', 'depot')).toBe('address');
    expect(previousStep('billing', 'address')).toBe('address');
    expect(previousStep('delivery', 'address')).toBeNull();
  });
  it('a step outside the walk has no neighbours', () => {
    expect(nextStep('transport', 'pickup')).toBeNull();
    expect(previousStep('address', 'pickup')).toBeNull();
  });
});

describe('resolveStep (URL sync)', () => {
  it('with nothing chosen, any step falls back to delivery', () => {
    for (const raw of [null, '', 'summary', 'billing', 'nope']) expect(resolveStep(raw, EMPTY_CHOICES)).toBe('delivery');
  });
  it('keeps a reachable step from the URL', () => {
    expect(resolveStep('transport', full())).toBe('transport');
    expect(resolveStep('summary', full())).toBe('summary');
    expect(resolveStep('delivery', full())).toBe('delivery');
  });
  it('clamps to the first incomplete step', () => {
    expect(resolveStep('summary', full({ billingId: null }))).toBe('billing');
    expect(resolveStep('billing', full({ addressId: null }))).toBe('address');
    expect(resolveStep('address', full({ transport: null }))).toBe('transport');
    expect(resolveStep('summary', full({ transport: { kind: 'other', name: '  ' } }))).toBe('transport');
  });
  it('a step outside the walk (pickup) goes to the first incomplete one', () => {
    expect(resolveStep('transport', full({ delivery: 'pickup', billingId: null }))).toBe('billing');
    expect(resolveStep('address', full({ delivery: 'pickup' }))).toBe('summary');
  });
  it('firstIncompleteStep is the summary once everything is chosen', () => {
    expect(firstIncompleteStep(full())).toBe('summary');
    expect(firstIncompleteStep({ ...EMPTY_CHOICES, delivery: 'pickup', billingId: 1 })).toBe('summary');
  });
  it('stepHref sets ?step= and keeps other parameters', () => {
    expect(stepHref('/checkout', '', 'billing')).toBe('/checkout?step=billing');
    expect(stepHref('/checkout', '?step=delivery&x=1', 'summary')).toBe('/checkout?step=summary&x=1');
  });
});

describe('withDelivery', () => {
  it('pickup drops transport and address', () => {
    expect(withDelivery(full(), 'pickup')).toEqual({ delivery: 'pickup', transport: null, addressId: null, billingId: 3, shipTo: null });
  });
  it('switching between shipments keeps transport and address', () => {
    expect(withDelivery(full(), 'depot')).toEqual(full({ delivery: 'depot' }));
  });
});

describe('shippingFields (order payload)', () => {
  it('pickup: spec defaults, no address', () => {
    expect(shippingFields(full({ delivery: 'pickup' }))).toEqual({ toSucc: true, transportId: -1, otherTransport: null });
  });
  it('listed transport to an address', () => {
    expect(shippingFields(full())).toEqual({ toSucc: false, transportId: 5, otherTransport: null, addressId: 7 });
  });
  it("'Otro' sends transportId -1 with the trimmed name", () => {
    expect(shippingFields(full({ delivery: 'depot', transport: { kind: 'other', name: '  Expreso Sur ' } }))).toEqual({
      toSucc: false,
      transportId: -1,
      otherTransport: 'Expreso Sur',
      addressId: 7,
    });
  });
});

describe('parseStoredChoices', () => {
  it('round-trips valid choices', () => {
    expect(parseStoredChoices(JSON.stringify(full()))).toEqual(full());
    const other = full({ transport: { kind: 'other', name: 'X' } });
    expect(parseStoredChoices(JSON.stringify(other))).toEqual(other);
  });
  it('ignores garbage', () => {
    expect(parseStoredChoices(null)).toEqual(EMPTY_CHOICES);
    expect(parseStoredChoices('{')).toEqual(EMPTY_CHOICES);
    expect(parseStoredChoices(JSON.stringify({ delivery: 'drone', transport: { kind: 'listed', id: '1' }, addressId: '2' }))).toEqual(
      EMPTY_CHOICES,
    );
  });
});

describe('the destination the minimum rule sees', () => {
  it('from the cart pick, the delivery type and the address province', () => {
    expect(destinationOf(EMPTY_CHOICES)).toEqual({ toSucc: null, province: null, zone: null });
    const interior = withCartZone(EMPTY_CHOICES, 'interior');
    expect(cartZoneOf(interior)).toBe('interior');
    expect(destinationOf({ ...interior, delivery: 'address' }, 'Ciudad Autónoma de Buenos Aires')).toEqual({
      toSucc: false,
      province: 'Ciudad Autónoma de Buenos Aires',
      zone: 'interior',
    });
    const pickup = withCartZone(interior, 'pickup');
    expect(pickup.delivery).toBe('pickup');
    expect(destinationOf(pickup, 'Córdoba')).toEqual({ toSucc: true });
    // Back to a shipment from the cart: the delivery type is asked again.
    expect(withCartZone(pickup, 'caba')).toMatchObject({ delivery: null, shipTo: 'caba' });
  });
});

describe('preferredId: which saved record the checkout preselects', () => {
  it('the default, else the last used, else the only one', () => {
    const list = [{ id: 1 }, { id: 2, isDefault: true }, { id: 3 }];
    expect(preferredId(list, 3)).toBe(2);
    expect(preferredId([{ id: 1 }, { id: 3 }], 3)).toBe(3);
    expect(preferredId([{ id: 1 }, { id: 3 }], 9)).toBeNull();
    expect(preferredId([{ id: 4 }], null)).toBe(4);
    expect(preferredId([], 4)).toBeNull();
  });
});
