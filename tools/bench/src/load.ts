import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  /** Requests answered in the run. */
  requests: number;
  requestsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  label: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

/** One bounded autocannon run against a loopback URL. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
  });
  return {
    label: options.label,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    meanMs: result.latency.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function printTable(rows: LoadResult[]): void {
  console.log('| target | requests/s | mean ms | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.label} | ${row.requestsPerSecond} | ${row.meanMs.toFixed(2)} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} |`);
  }
}
