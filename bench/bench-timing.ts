import { performance } from 'node:perf_hooks';

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** The median and 95th percentile of some times (ms), to a tenth. */
export function latencyStats(values: number[]): { p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)) };
}

/**
 * Calls `call` runs + 2 times one after the other, each answer read to its end, and answers p50/p95 of the last `runs`
 * (the first two warm plans and caches). Throws on an answer that is not 2xx, naming it: a bench that measures
 * refusals measures nothing. The server benches that time single requests (reports, dashboard, scale).
 */
export async function timedRequests(runs: number, call: () => Promise<Response>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    const response = await call();
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= 2) times.push(performance.now() - start);
  }
  return latencyStats(times);
}
