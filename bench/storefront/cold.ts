/**
 * Cold product pages: pages never rendered before, each requested once. The first half one at a time
 * (the latency of a page rendered on demand), the other half 4 at a time (the same while other renders
 * compete for the 2 cores). Different pages in each half, so every request is a cold render.
 */
import { percentile } from './harness';

export interface ColdFetch {
  ms: number;
  status: number;
  /** x-nextjs-cache: HIT / STALE would mean the page was not cold after all */
  cache: string;
}

export interface ColdSummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** answers other than 200 */
  bad: number;
  /** answers Next served from its cache */
  notCold: number;
  /** request numbers (1-based) of the 3 slowest: a tail at the start is warm-up */
  slowestAt: number[];
}

export async function fetchColdPages(urls: readonly string[], get: (url: string) => Promise<ColdFetch>): Promise<{ alone: ColdFetch[]; fourAtATime: ColdFetch[] }> {
  const queue = [...urls];
  const alone: ColdFetch[] = [];
  for (const url of queue.splice(0, Math.ceil(queue.length / 2))) alone.push(await get(url));
  const fourAtATime: ColdFetch[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) fourAtATime.push(await get(url));
    }),
  );
  return { alone, fourAtATime };
}

export function summarizeCold(set: readonly ColdFetch[]): ColdSummary {
  const ms = set.map((c) => c.ms).sort((a, b) => a - b);
  return {
    count: set.length,
    p50: Math.round(percentile(ms, 50)),
    p90: Math.round(percentile(ms, 90)),
    p99: Math.round(percentile(ms, 99)),
    max: Math.round(ms.at(-1) ?? 0),
    bad: set.filter((c) => c.status !== 200).length,
    notCold: set.filter((c) => c.cache === 'HIT' || c.cache === 'STALE').length,
    slowestAt: set
      .map((c, i) => [c.ms, i + 1] as const)
      .sort((a, b) => b[0] - a[0])
      .slice(0, 3)
      .map(([, i]) => i),
  };
}
