import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { prepareDatabase } from '@radar/platform/prisma';
import { REPOSITORY_ROOT } from '@radar/e2e';
import { measureMix, printLatencyTable } from './latency';
import { serviceAndDatabaseCpuSeconds } from './process-memory';
import { BenchSignalIngest } from './signal-ingest-bench-service';
import { benchDatabaseUrl } from './search-database';

const MIGRATIONS = path.join(REPOSITORY_ROOT, 'apps', 'signal-ingest', 'prisma', 'migrations');
const WORKSPACE = '1ead0000-0000-4000-8000-000000000001';
/** Followed companies the workspace's monitors watch (for hide_watched). */
const WATCHED = 300;

export function parseLeadsBenchOptions(args: readonly string[]): { rounds: number } {
  const index = args.indexOf('--rounds');
  return { rounds: index === -1 ? 30 : Number(args[index + 1]) };
}

async function waitForIngest(client: Client, startedAfter: Date, timeoutMs: number): Promise<{ seconds: number; companies: number; leads: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ seconds: number; companies: number }>(
      `SELECT extract(epoch FROM completed_at - started_at)::float AS seconds, companies FROM lead_ingests
       WHERE completed_at IS NOT NULL AND started_at >= $1 ORDER BY completed_at DESC LIMIT 1`,
      [startedAfter],
    );
    if (rows[0]) {
      const { rows: counted } = await client.query<{ leads: string }>('SELECT count(*) AS leads FROM leads');
      return { seconds: rows[0].seconds, companies: rows[0].companies, leads: Number(counted[0]!.leads) };
    }
    if (Date.now() > deadline) throw new Error('the leads feed was not read in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * GET /leads and /leads/summary with the full followed set (8,900 companies of `npm start`'s
 * dataset) and a year of their events, read by signal-ingest from provider-sim at start (the
 * reading's time is reported too), straight to signal-ingest, one request at a time.
 */
export async function benchLeads(options: { rounds: number }): Promise<void> {
  // Kept between runs: a later run's reading at start then adds only what is new.
  const url = benchDatabaseUrl('radar_bench_leads');
  await prepareDatabase(url, MIGRATIONS);
  const client = new Client({ connectionString: url });
  await client.connect();
  const startedAt = new Date();
  const service = await BenchSignalIngest.start({ databaseUrl: url, leadsFeed: true });
  try {
    console.log('reading the followed companies feed from provider-sim ...');
    const ingest = await waitForIngest(client, startedAt, 15 * 60_000);
    await client.query('DELETE FROM watched_domains WHERE workspace_id = $1', [WORKSPACE]);
    await client.query(
      `INSERT INTO watched_domains (workspace_id, domain, monitor_id, watching, event_sequence, changed_at)
       SELECT $1, domain, gen_random_uuid(), true, 1, now() FROM followed_companies ORDER BY md5(domain) LIMIT $2`,
      [WORKSPACE, WATCHED],
    );
    await client.query('VACUUM ANALYZE');
    const { rows: picked } = await client.query<{ domain: string; name: string }>('SELECT domain, name FROM followed_companies ORDER BY domain LIMIT 1 OFFSET 4000');
    const company = picked[0]!;
    const word = company.name.split(' ')[0]!;

    const at = (route: string, query: Record<string, string | number | boolean> = {}) =>
      `${service.url}${route}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;
    const mix = [
      { label: 'leads (defaults: 30 days, per company)', url: at('/leads') },
      { label: 'leads, per_company=false', url: at('/leads', { per_company: false }) },
      { label: 'leads, 365 days', url: at('/leads', { days: 365 }) },
      { label: 'leads, 365 days, per_company=false', url: at('/leads', { days: 365, per_company: false }) },
      { label: 'leads, family', url: at('/leads', { family: 'funding', days: 90 }) },
      { label: `leads, q (${word})`, url: at('/leads', { q: word, days: 365 }) },
      { label: 'leads, hide_watched', url: at('/leads', { hide_watched: true, days: 365 }) },
      { label: 'leads, domain', url: at('/leads', { domain: company.domain, days: 365, per_company: false }) },
      { label: 'leads, offset 1,000, limit 100', url: at('/leads', { days: 365, per_company: false, offset: 1_000, limit: 100 }) },
    ];
    const summaries = [
      { label: 'summary (defaults)', url: at('/leads/summary') },
      { label: 'summary, 365 days', url: at('/leads/summary', { days: 365 }) },
      { label: `summary, q (${word})`, url: at('/leads/summary', { q: word, days: 365 }) },
      { label: 'summary, hide_watched, 365 days', url: at('/leads/summary', { hide_watched: true, days: 365 }) },
    ];
    const headers = () => service.headersFor(WORKSPACE);
    const cpuProbe = () => serviceAndDatabaseCpuSeconds(service.pid, client);
    const listed = await measureMix(mix, headers, options.rounds, cpuProbe);
    const summarised = await measureMix(summaries, headers, options.rounds, cpuProbe);

    console.log(`\nleads feed: ${ingest.companies.toLocaleString('en')} followed companies, ${ingest.leads.toLocaleString('en')} leads kept (job openings 90 days, the rest a year), read in ${ingest.seconds.toFixed(1)} s at start (a year the first time, since the last reading after)`);
    console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
    console.log('\nGET /leads, one request at a time (CPU: the service and its database sessions, per request):');
    printLatencyTable([...listed.perRequest, listed.overall]);
    console.log('\nGET /leads/summary:');
    printLatencyTable([...summarised.perRequest, summarised.overall]);
  } finally {
    await service.stop();
    await client.end();
  }
}
