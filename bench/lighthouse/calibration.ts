/**
 * Lighthouse's CPU slowdown calibration (docs/throttling.md, "Calibrating the CPU slowdown"): the
 * mobile preset's fixed 4× turns a *high-end desktop* (BenchmarkIndex 1500–2000) into a mid-tier phone;
 * on a slower host the same 4× emulates a much slower phone. Lighthouse's own calculator
 * (patrickhulce/lighthouse-cpu-throttling-calculator, linked from those docs) maps the host's
 * BenchmarkIndex to the multiplier that targets the same phone: 800 → 2×, 1300 → 3×, 1533 → 4×, 2000 → 6×.
 * Above its last anchor (2000) it extrapolates the same line, and its confidence range widens with the
 * distance: at 3000 it says 10.3×, somewhere between 6.6× and 13.9×.
 */
export interface CpuCalibration {
  /** the calculator's multiplier, to one decimal */
  multiplier: number;
  /** the calculator's confidence range for it */
  low: number;
  high: number;
  /** BenchmarkIndex above the calculator's last anchor (2000 = 6×): the multiplier is an extrapolation */
  extrapolated: boolean;
}

const LAST_ANCHOR = 2000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The calculator's answer for a BenchmarkIndex; null below 150, where it says the host is too slow to emulate the device. */
export function cpuCalibration(benchmarkIndex: number): CpuCalibration | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  let multiplier: number;
  let range: number;
  if (benchmarkIndex >= 1300) {
    const excess = (benchmarkIndex - 1300) / 233;
    multiplier = 3 + excess;
    range = Math.max(excess, 1.5, multiplier * 0.3);
  } else if (benchmarkIndex >= 800) {
    multiplier = 2 + (benchmarkIndex - 800) / 500;
    range = 1.5;
  } else {
    multiplier = 1 + (benchmarkIndex - 150) / 650;
    range = 0.5;
  }
  return {
    multiplier: round1(multiplier),
    low: round1(multiplier - range / 2),
    high: round1(multiplier + range / 2),
    extrapolated: benchmarkIndex > LAST_ANCHOR,
  };
}
