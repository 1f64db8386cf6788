export interface Latencies {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentiles of the samples (ms). */
export function latencies(samples: readonly number[]): Latencies | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
  return { n: sorted.length, p50: rank(50), p95: rank(95), max: sorted[sorted.length - 1] as number };
}

export interface CategoryResult {
  name: string;
  targetMs: number;
  cold: number[];
  warm: number[];
  /** Requests that did not answer 200 (not in the samples). */
  failures: string[];
  /** Queries the time budget left out. */
  skipped: number;
  /** The slowest first executions, for the write-up: what made the tail. */
  slowest: { ms: number; body: object }[];
}

const ms = (value: number | undefined): string => (value === undefined ? '-' : value < 10 ? value.toFixed(1) : String(Math.round(value)));

function cells(samples: number[], targetMs: number): string[] {
  const stats = latencies(samples);
  if (!stats) return ['0', '-', '-', '-'];
  const verdict = stats.p95 <= targetMs ? '' : ' ✗';
  return [String(stats.n), ms(stats.p50), `${ms(stats.p95)}${verdict}`, ms(stats.max)];
}

/** The results as a markdown table: cold (first execution of a filter set) and warm (the same request again). */
export function printResults(results: CategoryResult[]): void {
  console.log('| category | p95 target | cold n | cold p50 | cold p95 | cold max | warm n | warm p50 | warm p95 | warm max | failed |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    console.log(
      `| ${result.name} | ${result.targetMs} | ${cells(result.cold, result.targetMs).join(' | ')} | ${cells(result.warm, result.targetMs).join(' | ')} | ${result.failures.length} |`,
    );
  }
  console.log('\nms, measured at the client (one request at a time); ✗ marks a p95 over its target.');
  for (const result of results) {
    if (result.skipped > 0) console.log(`${result.name}: ${result.skipped} queries left out by the time budget`);
    for (const failure of result.failures.slice(0, 3)) console.log(`${result.name}: ${failure}`);
  }
  console.log('\nslowest cold requests per category:');
  for (const result of results) {
    for (const slow of result.slowest) console.log(`- ${result.name}: ${ms(slow.ms)} ms ${JSON.stringify(slow.body)}`);
  }
}
