/** Latency figures of one kind of request, in milliseconds. */
export interface LatencyFigures {
  label: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU time the measured processes spent per request, when a probe was given. */
  cpuMsPerRequest?: number;
}

const percentile = (sorted: readonly number[], fraction: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;

export function figuresOf(label: string, samples: readonly number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return { label, requests: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
}

/**
 * Times each request of a mix, one at a time (so queueing does not hide the cost of one), from
 * send to the last byte: one unmeasured warm-up pass over the mix, then `rounds` of each.
 * Every answer must be 200.
 */
export async function measureMix(
  mix: readonly { label: string; url: string }[],
  headers: () => Record<string, string>,
  rounds: number,
  /** CPU seconds used so far by the processes serving the requests (the service and its database sessions). */
  cpuProbe?: () => Promise<number>,
): Promise<{ perRequest: LatencyFigures[]; overall: LatencyFigures }> {
  const samples = new Map<string, number[]>(mix.map((entry) => [entry.label, []]));
  const cpu = new Map<string, number>(mix.map((entry) => [entry.label, 0]));
  const all: number[] = [];
  const timed = async (entry: { label: string; url: string }): Promise<number> => {
    const started = performance.now();
    const response = await fetch(entry.url, { headers: headers() });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${entry.label}: ${response.status} ${body.slice(0, 300)}`);
    return ms;
  };
  for (const entry of mix) await timed(entry);
  // Each request's rounds in one block: the CPU clock (10 ms ticks) is read before and after it.
  for (const entry of mix) {
    const cpuBefore = cpuProbe ? await cpuProbe() : 0;
    for (let round = 0; round < rounds; round += 1) {
      const ms = await timed(entry);
      samples.get(entry.label)!.push(ms);
      all.push(ms);
    }
    if (cpuProbe) cpu.set(entry.label, (await cpuProbe()) - cpuBefore);
  }
  const withCpu = (figures: LatencyFigures, seconds: number): LatencyFigures =>
    cpuProbe ? { ...figures, cpuMsPerRequest: (seconds * 1000) / figures.requests } : figures;
  const total = [...cpu.values()].reduce((sum, seconds) => sum + seconds, 0);
  return {
    perRequest: mix.map((entry) => withCpu(figuresOf(entry.label, samples.get(entry.label)!), cpu.get(entry.label)!)),
    overall: withCpu(figuresOf('all of the mix', all), total),
  };
}

export function printLatencyTable(rows: readonly LatencyFigures[]): void {
  const cpu = rows.some((row) => row.cpuMsPerRequest !== undefined);
  console.log(`| request | n | p50 ms | p95 ms | p99 ms | max ms |${cpu ? ' CPU ms per request |' : ''}`);
  console.log(`|---|---|---|---|---|---|${cpu ? '---|' : ''}`);
  for (const row of rows) {
    const cpuCell = cpu ? ` ${row.cpuMsPerRequest?.toFixed(2) ?? ''} |` : '';
    console.log(`| ${row.label} | ${row.requests} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |${cpuCell}`);
  }
}
