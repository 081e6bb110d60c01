import { describe, expect, it } from '@jest/globals';
import { cpuCalibration } from './calibration';

const calibratedCpuSlowdown = (index: number) => cpuCalibration(index)?.multiplier ?? null;

describe('cpuCalibration: the multiplier (Lighthouse CPU throttling calculator)', () => {
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

describe('cpuCalibration: the calculator’s confidence range', () => {
  it('is ±0.25× on slow hosts and ±0.75× on mid ones', () => {
    expect(cpuCalibration(475)).toEqual({ multiplier: 1.5, low: 1.3, high: 1.8, extrapolated: false });
    expect(cpuCalibration(1050)).toEqual({ multiplier: 2.5, low: 1.8, high: 3.3, extrapolated: false });
  });

  it('widens above 1300 with the distance from the anchors', () => {
    expect(cpuCalibration(1533)).toEqual({ multiplier: 4, low: 3.3, high: 4.8, extrapolated: false });
    expect(cpuCalibration(2000)).toEqual({ multiplier: 6, low: 4.5, high: 7.5, extrapolated: false });
  });

  it('marks an index above the last anchor (2000 = 6×) as an extrapolation', () => {
    const c = cpuCalibration(3000)!;
    expect(c.extrapolated).toBe(true);
    expect(c.multiplier).toBe(10.3);
    expect(c.low).toBe(6.6);
    expect(c.high).toBe(13.9);
  });
});
