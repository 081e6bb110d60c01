/** @jest-environment node */
import { shopDay, shopDayStart, shopFilterBound } from './index';

describe('the shop time zone', () => {
  it('an order at 22:30 in Buenos Aires (01:30 UTC the next day) belongs to the day it was placed there', () => {
    const at = new Date('2026-11-25T01:30:00Z');
    expect(shopDay(at)).toBe('2026-11-24');
    expect(shopDayStart('2026-11-24').getTime()).toBeLessThanOrEqual(at.getTime());
    expect(shopFilterBound('2026-11-24', true).getTime()).toBeGreaterThan(at.getTime());
    expect(shopFilterBound('2026-11-25').getTime()).toBeGreaterThan(at.getTime());
  });

  it('cuts days at the shop midnight (03:00 UTC), across months and years', () => {
    expect(shopDayStart('2026-11-24').toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(shopDayStart('2026-11-30', 1).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(shopDayStart('2026-12-31', 1).toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(shopDay(new Date('2027-01-01T02:59:59Z'))).toBe('2026-12-31');
    expect(shopDay(new Date('2027-01-01T03:00:00Z'))).toBe('2027-01-01');
  });

  it('filter bounds: a zone-less date-time is the shop wall clock; an explicit zone is exact', () => {
    expect(shopFilterBound('2026-11-24T22:30').toISOString()).toBe('2026-11-25T01:30:00.000Z');
    expect(shopFilterBound('2026-11-24T22:30:15.5').toISOString()).toBe('2026-11-25T01:30:15.500Z');
    expect(shopFilterBound('2026-11-24T22:30:00Z').toISOString()).toBe('2026-11-24T22:30:00.000Z');
    expect(shopFilterBound('2026-11-24T22:30:00-03:00').toISOString()).toBe('2026-11-25T01:30:00.000Z');
    expect(() => shopDayStart('24/11/2026')).toThrow(RangeError);
  });
});
