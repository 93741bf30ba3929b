/**
 * Repeated timing of one async call: a fixed number of warm-ups, then a fixed number of timed runs.
 * Percentiles use the nearest-rank method on the timed runs only.
 */

export interface Timing {
  /** Timed runs (warm-ups excluded). */
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
  samples: number[];
  /** Set when the call was so slow that the reduced iteration count was used. */
  reduced?: boolean;
}

export interface TimingPlan {
  warmups: number;
  iterations: number;
  /** When the first warm-up takes longer than this, time only `slowIterations` runs (still a fixed count). */
  slowMs?: number;
  slowIterations?: number;
  slowWarmups?: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export function summarise(samples: number[], reduced = false): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = samples.reduce((s, x) => s + x, 0);
  return {
    n: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: samples.length ? sum / samples.length : Number.NaN,
    samples: samples.map((x) => Math.round(x * 100) / 100),
    ...(reduced ? { reduced } : {}),
  };
}

/** Runs `fn` warm-ups + iterations times; returns the timing of the iterations and the last result. */
export async function measure<T>(fn: () => Promise<T>, plan: TimingPlan): Promise<{ timing: Timing; result: T }> {
  let result: T | undefined;
  let warmups = plan.warmups;
  let iterations = plan.iterations;
  let reduced = false;
  for (let i = 0; i < warmups; i += 1) {
    const started = performance.now();
    result = await fn();
    const elapsed = performance.now() - started;
    if (
      i === 0 &&
      plan.slowMs !== undefined &&
      elapsed > plan.slowMs &&
      plan.slowIterations !== undefined &&
      plan.slowIterations < iterations
    ) {
      iterations = plan.slowIterations;
      warmups = Math.min(warmups, plan.slowWarmups ?? 1);
      reduced = true;
    }
  }
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    result = await fn();
    samples.push(performance.now() - started);
  }
  return { timing: summarise(samples, reduced), result: result as T };
}

export function ms(value: number | undefined | null, digits = 1): string {
  if (value === undefined || value === null || Number.isNaN(value)) return '–';
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  return `${value.toFixed(value >= 100 ? 0 : digits)} ms`;
}
