/**
 * Lighthouse's CPU slowdown calibration (docs/throttling.md, "Calibrating the CPU slowdown"): the
 * mobile preset's fixed 4× turns a *high-end desktop* (BenchmarkIndex 1500–2000) into a mid-tier phone;
 * on a slower host the same 4× emulates a much slower phone. Lighthouse's own calculator
 * (patrickhulce/lighthouse-cpu-throttling-calculator, linked from those docs) maps the host's
 * BenchmarkIndex to the multiplier that targets the same phone: 1300 → 3×, 1533 → 4×, 800 → 2×.
 * Returns null below 150, where the calculator says the host is too slow to emulate the device.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}
