import type { OrderItemWire } from '@/lib/orders/types';
import { draftFromItems, evaluateBudget, parsePesos, parseUnits } from './budget';

const item = (id: number, quantity: number, unitPrice: number): OrderItemWire => ({
  id,
  productId: id,
  parentId: id,
  name: `P${id}`,
  variationName: null,
  sku: null,
  quantity,
  requestedQuantity: quantity,
  unitPrice,
  regularPrice: unitPrice,
  lineTotal: quantity * unitPrice,
  missing: false,
  priceAdjusted: false,
});

describe('parsers', () => {
  it('reads peso amounts', () => {
    expect(parsePesos('1234,5')).toBe(1234.5);
    expect(parsePesos(' 10.25 ')).toBe(10.25);
    expect(parsePesos('0')).toBe(0);
    expect(parsePesos('1.234')).toBe(1234); // es-AR thousands, as the shop writes amounts
    expect(parsePesos('15.682,50')).toBe(15682.5);
    expect(parsePesos('1e3')).toBeNull();
    expect(parsePesos('-1')).toBeNull();
    expect(parsePesos('abc')).toBeNull();
    expect(parsePesos('')).toBeNull();
  });
  it('reads units', () => {
    expect(parseUnits('12')).toBe(12);
    expect(parseUnits('0')).toBeNull();
    expect(parseUnits('1.5')).toBeNull();
    expect(parseUnits('100001')).toBeNull();
  });
});

describe('evaluateBudget', () => {
  it('computes totals with VAT and builds the payload', () => {
    const draft = draftFromItems([item(1, 10, 100), item(2, 5, 200)]);
    draft.lines[1]!.unitPrice = '150,50';
    draft.bonus = '52,5';
    const r = evaluateBudget(draft, false);
    if (!r.ok) throw new Error('expected ok');
    expect(r.payload).toEqual({
      items: [
        { itemId: 1, quantity: 10, unitPrice: 100, missing: false },
        { itemId: 2, quantity: 5, unitPrice: 150.5, missing: false },
      ],
      bonus: 52.5,
    });
    expect(r.totals.subtotalCents).toBe(175_250);
    expect(r.totals.netCents).toBe(170_000);
    expect(r.totals.vatCents).toBe(35_700);
    expect(r.totals.finalTotalCents).toBe(205_700);
    expect(r.totals.iibbCents).toBe(0);
  });

  it('adds IIBB Misiones and leaves missing lines out', () => {
    const draft = draftFromItems([item(1, 10, 100), item(2, 1, 999)]);
    draft.lines[1]!.missing = true;
    const r = evaluateBudget(draft, true);
    if (!r.ok) throw new Error('expected ok');
    expect(r.totals.subtotalCents).toBe(100_000);
    expect(r.totals.iibbCents).toBe(4_500);
    expect(r.totals.missingStatus).toBe('incomplete');
  });

  it('reports the first bad field', () => {
    const draft = draftFromItems([item(1, 10, 100)]);
    expect(evaluateBudget({ ...draft, lines: [{ ...draft.lines[0]!, quantity: '0' }] }, false)).toEqual({ ok: false, problem: 'quantity', itemId: 1 });
    expect(evaluateBudget({ ...draft, lines: [{ ...draft.lines[0]!, unitPrice: 'x' }] }, false)).toEqual({ ok: false, problem: 'price', itemId: 1 });
    expect(evaluateBudget({ ...draft, bonus: '1,234' }, false)).toEqual({ ok: false, problem: 'bonus' });
    expect(evaluateBudget({ ...draft, bonus: '1000,01' }, false)).toEqual({ ok: false, problem: 'bonusTooHigh' });
    expect(evaluateBudget({ ...draft, bonus: '' }, false).ok).toBe(true);
  });
});

describe('evaluateBudget with the tiers (issue 32, item 8)', () => {
  // 60 units at the tier price $950 (list $1.000, from 50 units $950)
  const items = [{ ...item(1, 60, 950), regularPrice: 1000 }];
  const pricing = { isVip: false, tiers: { '1': [{ id: 9, name: 'Caja x 50', units: 50, price: 950, isVip: false, isStrict: false }] } };

  it('lowering units below the tier shows and sends the list price while staff did not type one', () => {
    const draft = draftFromItems(items);
    draft.lines[0]!.quantity = '40';
    const r = evaluateBudget(draft, false, { items, pricing });
    if (!r.ok) throw new Error('expected ok');
    expect(r.unitPrices.get(1)).toBe(100_000);
    expect(r.payload.items[0]).toEqual({ itemId: 1, quantity: 40, unitPrice: 1000, missing: false });
    expect(r.totals.subtotalCents).toBe(4_000_000);
    // back over the threshold: the tier again
    draft.lines[0]!.quantity = '55';
    const again = evaluateBudget(draft, false, { items, pricing });
    expect(again.ok && again.unitPrices.get(1)).toBe(95_000);
  });

  it('a typed price is kept', () => {
    const draft = draftFromItems(items);
    draft.lines[0]!.quantity = '40';
    draft.lines[0]!.unitPrice = '900';
    const r = evaluateBudget(draft, false, { items, pricing });
    expect(r.ok && r.payload.items[0]!.unitPrice).toBe(900);
  });
});
