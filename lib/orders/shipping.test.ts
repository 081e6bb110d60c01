import {
  appliesIibbMisiones,
  checkMinimum,
  isCaba,
  isMisiones,
  minimumsError,
  minimumStanding,
  possibleZones,
  normalizeProvince,
  requiredMinimumCents,
  shippingZone,
} from './shipping';

describe('zones', () => {
  it('pickup, CABA (any spelling) and interior', () => {
    expect(shippingZone({ toSucc: true, province: 'Misiones' })).toBe('pickup');
    expect(shippingZone({ toSucc: false, province: 'Ciudad Autónoma de Buenos Aires' })).toBe('caba');
    expect(shippingZone({ toSucc: false, province: 'CABA' })).toBe('caba');
    expect(shippingZone({ toSucc: false, province: 'C.A.B.A.' })).toBe('caba');
    expect(shippingZone({ toSucc: false, province: 'capital federal' })).toBe('caba');
    expect(shippingZone({ toSucc: false, province: 'Buenos Aires' })).toBe('interior');
    expect(shippingZone({ toSucc: false, province: 'Córdoba' })).toBe('interior');
    expect(shippingZone({ toSucc: false, province: null })).toBe('interior');
  });

  it('normalizes provinces', () => {
    expect(normalizeProvince('  Ciudad  Autónoma de Buenos-Aires ')).toBe('ciudad autonoma de buenos aires');
    expect(isCaba('CIUDAD AUTONOMA DE BUENOS AIRES')).toBe(true);
    expect(isMisiones('MISIONES')).toBe(true);
    expect(isMisiones('Misiónes')).toBe(true);
    expect(isMisiones('Corrientes')).toBe(false);
  });

  it('IIBB only for shipments to Misiones', () => {
    expect(appliesIibbMisiones({ toSucc: false, province: 'Misiones' })).toBe(true);
    expect(appliesIibbMisiones({ toSucc: true, province: 'Misiones' })).toBe(false);
    expect(appliesIibbMisiones({ toSucc: false, province: 'Córdoba' })).toBe(false);
  });
});

describe('minimums', () => {
  it('defaults: 50.000 pickup, 100.000 CABA, 121.000 interior (minimum + VAT)', () => {
    expect(requiredMinimumCents('pickup')).toBe(5_000_000);
    expect(requiredMinimumCents('caba')).toBe(10_000_000);
    expect(requiredMinimumCents('interior')).toBe(12_100_000);
  });

  it('uses the configuration', () => {
    const config = { minOrderCents: 20_000_050, minLocalCents: 100 };
    expect(requiredMinimumCents('pickup', config)).toBe(100);
    // 20.000.050 × 1,21 = 24.200.060,5 → 24.200.061 (half away from zero)
    expect(requiredMinimumCents('interior', config)).toBe(24_200_061);
  });

  it('checkMinimum says by how much it falls short', () => {
    expect(checkMinimum(9_999_999, 'caba')).toEqual({ ok: false, zone: 'caba', requiredCents: 10_000_000, includesVat: false, shortByCents: 1 });
    expect(checkMinimum(10_000_000, 'caba').ok).toBe(true);
    expect(checkMinimum(10_000_000, 'interior').ok).toBe(false);
    expect(checkMinimum(12_100_000, 'interior').ok).toBe(true);
    expect(checkMinimum(5_000_000, 'pickup').ok).toBe(true);
  });
});

describe('minimumStanding: the one rule for cart, checkout and API', () => {
  const cfg = { minOrderCents: 10_000_000, minLocalCents: 5_000_000 };
  it('unknown destination: every minimum listed; a send is possible once the lowest is reached', () => {
    const s = minimumStanding(6_000_000, { toSucc: null }, cfg);
    expect(s.checks.map((c) => [c.zone, c.requiredCents, c.includesVat, c.ok])).toEqual([
      ['pickup', 5_000_000, false, true],
      ['caba', 10_000_000, false, false],
      ['interior', 12_100_000, true, false],
    ]);
    expect(s.applies).toBeNull();
    expect(s.canSend).toBe(true);
    expect(minimumStanding(4_000_000, { toSucc: null }, cfg).canSend).toBe(false);
  });
  it('the province decides a shipment; before it, the zone the customer picked', () => {
    expect(possibleZones({ toSucc: false })).toEqual(['caba', 'interior']);
    expect(possibleZones({ toSucc: false, zone: 'interior' })).toEqual(['interior']);
    expect(possibleZones({ toSucc: false, zone: 'interior', province: 'CABA' })).toEqual(['caba']);
    expect(possibleZones({ toSucc: true, province: 'Córdoba' })).toEqual(['pickup']);
    const s = minimumStanding(11_601_130, { toSucc: false, province: 'Córdoba' }, cfg);
    expect(s.applies).toMatchObject({ zone: 'interior', requiredCents: 12_100_000, includesVat: true, shortByCents: 498_870 });
    expect(s.canSend).toBe(false);
  });
  it('settings: a pickup minimum above the order minimum is refused in Spanish', () => {
    expect(minimumsError(10_000_000, 5_000_000)).toBeNull();
    expect(minimumsError(10_000_000, 10_000_000)).toBeNull();
    expect(minimumsError(10_000_000, 10_000_001)).toBe('El mínimo para retirar en el local no puede ser mayor que la compra mínima');
  });
});
