import {
  appliesIibbMisiones,
  checkMinimum,
  isCaba,
  isMisiones,
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
    expect(checkMinimum(9_999_999, 'caba')).toEqual({ ok: false, zone: 'caba', requiredCents: 10_000_000, shortByCents: 1 });
    expect(checkMinimum(10_000_000, 'caba').ok).toBe(true);
    expect(checkMinimum(10_000_000, 'interior').ok).toBe(false);
    expect(checkMinimum(12_100_000, 'interior').ok).toBe(true);
    expect(checkMinimum(5_000_000, 'pickup').ok).toBe(true);
  });
});
