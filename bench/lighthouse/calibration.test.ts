import { describe, expect, it } from '@jest/globals';
import { calibratedCpuSlowdown } from './calibration';

describe('calibratedCpuSlowdown (Lighthouse CPU throttling calculator)', () => {
  it('gives the calculator’s anchor points', () => {
    expect(calibratedCpuSlowdown(2000)).toBe(6);
    expect(calibratedCpuSlowdown(1533)).toBe(4);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(150)).toBe(1);
  });

  it('interpolates between them, to one decimal', () => {
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(1416)).toBe(3.5);
  });

  it('refuses hosts too slow to emulate the device, and non-numbers', () => {
    expect(calibratedCpuSlowdown(149)).toBeNull();
    expect(calibratedCpuSlowdown(Number.NaN)).toBeNull();
  });
});
