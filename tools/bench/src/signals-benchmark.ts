import os from 'node:os';
import { numberOption } from './bench-options';
import { measureMix, printLatencyTable } from './latency';
import { Client } from 'pg';
import { cpuSeconds, residentMemory, sampleMemory, serviceAndDatabaseCpuSeconds } from './process-memory';
import { BenchSignalIngest } from './signal-ingest-bench-service';
import { BENCH_MONITORS, BENCH_WORKSPACE, benchDomain, prepareSignalsDatabase } from './signals-seed';

export interface SignalsBenchOptions {
  signals: number;
  rounds: number;
}

export function parseSignalsBenchOptions(args: readonly string[]): SignalsBenchOptions {
  return { signals: numberOption(args, 'signals', 1_000_000), rounds: numberOption(args, 'rounds', 30) };
}

const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * GET /signals, /signals/summary and /signals/export of a workspace with a million signals,
 * straight to signal-ingest (the gateway's own cost is measured by `bench -- gateway`):
 * latency of a mix of filters and pages, one request at a time; then the export of every
 * signal, its rows per second and the service's resident memory while it streams.
 */
export async function benchSignals(options: SignalsBenchOptions): Promise<void> {
  const log = (line: string) => console.log(line);
  log(`preparing ${options.signals.toLocaleString('en')} signals ...`);
  const database = await prepareSignalsDatabase(options.signals, log);
  log(database.reused ? 'database reused' : `seeded in ${database.seedSeconds.toFixed(0)} s`);
  const service = await BenchSignalIngest.start({ databaseUrl: database.url, leadsFeed: false });
  try {
    // Migrations the service applied at start may have rebuilt indexes: let autovacuum's work be done.
    const maintenance = new Client({ connectionString: database.url });
    await maintenance.connect();
    await maintenance.query('VACUUM ANALYZE signal_counts');
    await maintenance.end();
    const headers = () => service.headersFor(BENCH_WORKSPACE);
    const at = (path: string, query: Record<string, string | number> = {}) => `${service.url}${path}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;
    const list = [
      { label: 'newest 50 (defaults)', url: at('/signals') },
      { label: 'newest 200', url: at('/signals', { limit: 200 }) },
      { label: 'offset 500,000', url: at('/signals', { offset: 500_000 }) },
      { label: 'signal_type', url: at('/signals', { signal_type: 'news_events' }) },
      { label: 'family', url: at('/signals', { family: 'mna' }) },
      { label: 'monitor_id', url: at('/signals', { monitor_id: BENCH_MONITORS[3]! }) },
      { label: 'domain', url: at('/signals', { domain: benchDomain(17) }) },
      { label: 'since/until (a week)', url: at('/signals', { since: daysAgo(40), until: daysAgo(34) }) },
      { label: 'monitor + type + family', url: at('/signals', { monitor_id: BENCH_MONITORS[2]!, signal_type: 'connections', family: 'technology' }) },
      { label: 'family, 30 days, offset 1,000', url: at('/signals', { family: 'hiring', since: daysAgo(30), offset: 1_000 }) },
      { label: 'no match (job_openings + funding)', url: at('/signals', { signal_type: 'job_openings', family: 'funding' }) },
    ];
    const summary = [
      { label: 'summary (no filter)', url: at('/signals/summary') },
      { label: 'summary, monitor_id', url: at('/signals/summary', { monitor_id: BENCH_MONITORS[5]! }) },
      { label: 'summary, signal_type + since', url: at('/signals/summary', { signal_type: 'news_events', since: daysAgo(90) }) },
      { label: 'summary, domain', url: at('/signals/summary', { domain: benchDomain(42) }) },
    ];
    const probeClient = new Client({ connectionString: database.url });
    await probeClient.connect();
    const cpuProbe = () => serviceAndDatabaseCpuSeconds(service.pid, probeClient);
    const listed = await measureMix(list, headers, options.rounds, cpuProbe);
    const summarised = await measureMix(summary, headers, options.rounds, cpuProbe);
    await probeClient.end();

    const before = residentMemory(service.pid);
    const memory = sampleMemory(service.pid, 100);
    const serviceCpuBefore = cpuSeconds(service.pid);
    const started = performance.now();
    const response = await fetch(at('/signals/export'), { headers: headers() });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    // The database session serving the export: its CPU time is the other half of the cost.
    const backend = await exportBackend(database.url);
    const backendCpuBefore = backend === undefined ? 0 : cpuSeconds(backend);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      bytes += buffer.length;
      for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const serviceCpu = cpuSeconds(service.pid) - serviceCpuBefore;
    const backendCpu = backend === undefined ? Number.NaN : cpuSeconds(backend) - backendCpuBefore;
    const samples = memory.stop();
    const rows = lines - 1;
    const quartiles = [0.1, 0.25, 0.5, 0.75, 1].map((fraction) => samples[Math.min(samples.length - 1, Math.floor(fraction * (samples.length - 1)))]!.toFixed(0));

    console.log(`\nsignal-ingest, ${options.signals.toLocaleString('en')} signals in the workspace; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
    console.log('\nGET /signals, one request at a time (CPU: the service and its database sessions, per request):');
    printLatencyTable([...listed.perRequest, listed.overall]);
    console.log('\nGET /signals/summary:');
    printLatencyTable([...summarised.perRequest, summarised.overall]);
    console.log(`\nGET /signals/export: ${rows.toLocaleString('en')} rows, ${(bytes / 1024 / 1024).toFixed(0)} MiB in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en')} rows/s`);
    console.log(
      `CPU per row: signal-ingest ${((serviceCpu / rows) * 1e6).toFixed(2)} µs, its PostgreSQL session ${((backendCpu / rows) * 1e6).toFixed(2)} µs ` +
        `(each on a core of its own: at most ${Math.round(rows / Math.max(serviceCpu, backendCpu)).toLocaleString('en')} rows/s)`,
    );
    console.log(
      `service resident memory: ${before.rssMiB.toFixed(0)} MiB before; while streaming at 10/25/50/75/100 % of the time ${quartiles.join(' / ')} MiB, at most ${Math.max(...samples).toFixed(0)} MiB (${samples.length} samples)`,
    );
  } finally {
    await service.stop();
  }
}

/** The process id of the PostgreSQL session running the export's query, if it can be seen. */
async function exportBackend(databaseUrl: string): Promise<number | undefined> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT to_char(s.fired_at%' AND state <> 'idle'`,
      );
      if (rows[0]) return rows[0].pid;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  } finally {
    await client.end();
  }
}
