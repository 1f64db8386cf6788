import path from 'node:path';
import { Client } from 'pg';
import { dropDatabase, prepareDatabase } from '@radar/platform/prisma';
import { REPOSITORY_ROOT } from '@radar/e2e';
import { benchDatabaseUrl } from './search-database';

const MIGRATIONS = path.join(REPOSITORY_ROOT, 'apps', 'signal-ingest', 'prisma', 'migrations');

/** The workspace whose signals are measured, and its monitors (ten, as a busy workspace might have). */
export const BENCH_WORKSPACE = '5e1a0000-0000-4000-8000-000000000001';
export const BENCH_MONITORS = Array.from({ length: 10 }, (_, index) => `5e1a0000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`);
/** Companies the monitors watch: 2,000, so a domain has about 500 signals. */
export const BENCH_DOMAINS = 2_000;
export const benchDomain = (index: number): string => `company${index}.example`;

const CHUNK = 100_000;
/** Other workspaces' signals in the same tables: the measured queries must not read them. */
const NOISE_WORKSPACES = 10;

/**
 * One chunk of signals of a workspace, spread evenly over the year before `now` (about 2,700 a
 * day), over ten monitors, four signal types and their families (news in every family and none),
 * two thousand domains; details and headlines of realistic length.
 */
const CHUNK_SQL = `
INSERT INTO signals (id, workspace_id, monitor_id, monitor_name, run_id, check_id, fired_at, signal_type, domain, delivery_method,
                     pl_item_id, webhook_delivery_id, delivery_status, response_status, content_available, headline, details,
                     source_url, family, category, happened_on)
SELECT gen_random_uuid(), $1::uuid, ($2::uuid[])[1 + i % 10], 'Monitor ' || (i % 10), gen_random_uuid(), gen_random_uuid(),
       $3::timestamptz - interval '31.536 seconds' * (i::float8 * $5::float8 / $6::float8),
       t.signal_type, 'company' || ((i::bigint * 7919) % ${BENCH_DOMAINS}) || '.example', 'webhook', 'pl-' || $1 || '-' || i,
       'dlv-' || i, 'delivered', 200, true,
       'Company ' || (i % ${BENCH_DOMAINS}) || ' ' || t.verb || ' ' || md5(i::text),
       ARRAY['Category: ' || coalesce(t.family, 'none'), 'Source: news.example', 'Reference ' || i],
       'https://news.example/articles/' || i, t.family, t.category, ($3::timestamptz - interval '31.536 seconds' * (i::float8 * $5::float8 / $6::float8))::date
FROM generate_series($4::int, $4::int + $7::int - 1) AS i
CROSS JOIN LATERAL (
  SELECT * FROM (VALUES
    ('job_openings', 'hiring', 'engineering', 'is hiring a Senior Engineer'),
    ('financing_events', 'funding', 'series_b', 'raises a Series B'),
    ('news_events', (ARRAY['funding','mna','leadership','expansion','contraction','commercial','product','technology','other',NULL])[1 + (i / 4) % 10], 'launches', 'launches a product'),
    ('connections', (ARRAY['funding','mna','technology','commercial'])[1 + (i / 4) % 4], 'partner', 'partners with Globex')
  ) AS kinds(signal_type, family, category, verb)
  OFFSET i % 4 LIMIT 1
) AS t`;

const COUNTS_SQL = `
INSERT INTO signal_counts (workspace_id, monitor_key, type_key, family_key, fired_on, signals)
SELECT workspace_id, monitor_key, type_key, family_key, fired_on, count(*)::int
FROM (
  SELECT s.workspace_id, k.monitor_key, k.type_key, COALESCE(s.family, '') AS family_key, (s.fired_at AT TIME ZONE 'UTC')::date AS fired_on
  FROM signals s
  CROSS JOIN LATERAL (VALUES
    ('00000000-0000-0000-0000-000000000000'::uuid, '*'::varchar), (s.monitor_id, '*'::varchar),
    ('00000000-0000-0000-0000-000000000000'::uuid, s.signal_type), (s.monitor_id, s.signal_type)
  ) AS k(monitor_key, type_key)
) AS keyed
GROUP BY 1, 2, 3, 4, 5`;

export interface SignalsDatabase {
  url: string;
  reused: boolean;
  seedSeconds: number;
}

async function holdsSignals(url: string, count: number): Promise<boolean> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const { rows } = await client.query<{ signals: string }>(
      `SELECT (SELECT sum(signals) FROM signal_counts WHERE workspace_id = $1 AND monitor_key = '00000000-0000-0000-0000-000000000000' AND type_key = '*') AS signals`,
      [BENCH_WORKSPACE],
    );
    return Number(rows[0]?.signals ?? 0) === count;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/**
 * The benchmark's signal-ingest database with `count` signals in BENCH_WORKSPACE (and a tenth
 * as many in other workspaces), kept between runs and reused when it holds exactly that.
 * The rows are made with SQL for speed; `signal_counts` is derived by the same statement the
 * migration uses for existing signals.
 */
export async function prepareSignalsDatabase(count: number, log: (line: string) => void): Promise<SignalsDatabase> {
  const url = benchDatabaseUrl(`radar_bench_signals_${count}`);
  if (await holdsSignals(url, count)) return { url, reused: true, seedSeconds: 0 };
  await dropDatabase(url);
  await prepareDatabase(url, MIGRATIONS);
  const started = performance.now();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date();
    const seed = async (workspaceId: string, rows: number) => {
      for (let first = 0; first < rows; first += CHUNK) {
        await client.query(CHUNK_SQL, [workspaceId, BENCH_MONITORS, now, first, 1_000_000, rows, Math.min(CHUNK, rows - first)]);
        log(`  ${workspaceId}: ${Math.min(rows, first + CHUNK).toLocaleString('en')} of ${rows.toLocaleString('en')} signals`);
      }
    };
    await seed(BENCH_WORKSPACE, count);
    for (let index = 0; index < NOISE_WORKSPACES; index += 1) await seed(`5e1a0000-0000-4000-8000-0000000002${String(index).padStart(2, '0')}`, Math.ceil(count / 10 / NOISE_WORKSPACES));
    await client.query(COUNTS_SQL);
    await client.query('VACUUM ANALYZE signals');
    await client.query('VACUUM ANALYZE signal_counts');
  } finally {
    await client.end();
  }
  return { url, reused: false, seedSeconds: (performance.now() - started) / 1000 };
}
