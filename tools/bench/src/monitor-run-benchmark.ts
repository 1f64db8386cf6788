import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { jobSchema, RPCS, runMonitorsResultSchema, SIGNAL_TYPES, type Caller, type JobView } from '@radar/contracts';
import { generateCompany } from '@radar/dataset';
import { signCaller } from '@radar/platform/internal-auth';
import type { Bus } from '@radar/platform/nats';
import { checkCompletionFor } from '@radar/platform/testing';
import type { BenchProcess } from './bench-services';
import { startMonitorRunStack } from './monitor-run-stack';

export interface MonitorRunBenchOptions {
  monitors: number;
  domains: number;
  /** `spread`: one workspace per monitor; `shared`: every monitor in one workspace (they then charge one after another). */
  layout: 'spread' | 'shared';
  /** signal-ingest's checks in flight per replica. */
  checkConcurrency: number;
  /**
   * Who answers the checks: `signal-ingest` (with provider-sim: the whole path) or `stand-in`
   * (the benchmark answers each at once: monitor-scheduler, the ledger and NATS alone).
   */
  answers: 'signal-ingest' | 'stand-in';
  /** Services to sample with the CPU profiler while they run, a .cpuprofile each in the working directory. */
  cpuProfile: string[];
}

export function parseMonitorRunBenchOptions(args: string[]): MonitorRunBenchOptions {
  const value = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const layout = value('--layout') ?? 'spread';
  if (layout !== 'spread' && layout !== 'shared') throw new Error('--layout is spread or shared');
  const answers = value('--answers') ?? 'signal-ingest';
  if (answers !== 'signal-ingest' && answers !== 'stand-in') throw new Error('--answers is signal-ingest or stand-in');
  return {
    answers,
    monitors: Number(value('--monitors') ?? 10),
    domains: Number(value('--domains') ?? 1_000),
    layout,
    checkConcurrency: Number(value('--check-concurrency') ?? 256),
    cpuProfile: (value('--cpu-profile') ?? '').split(',').filter(Boolean),
  };
}

interface DatabaseActivity {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
}

async function activityOf(databaseUrl: string): Promise<DatabaseActivity> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The statistics are flushed by each backend at most every second; a clear snapshot first.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ commits: string; inserted: string; updated: string; deleted: string }>(
      `SELECT xact_commit AS commits, tup_inserted AS inserted, tup_updated AS updated, tup_deleted AS deleted
       FROM pg_stat_database WHERE datname = current_database()`,
    );
    const row = rows[0]!;
    return { commits: Number(row.commits), inserted: Number(row.inserted), updated: Number(row.updated), deleted: Number(row.deleted) };
  } finally {
    await client.end();
  }
}

/**
 * `radar monitors run` for today as an operator job (202 under `Prefer: respond-async`), polled
 * until it ended: a run of this size outlasts what one HTTP answer may take.
 */
async function runAsJob(schedulerUrl: string, operatorSecret: string): Promise<JobView> {
  const headers = { authorization: `Bearer ${operatorSecret}`, 'content-type': 'application/json' };
  const started = await fetch(`${schedulerUrl}/operator/v1/monitors/run`, { method: 'POST', headers: { ...headers, prefer: 'respond-async' }, body: '{}' });
  if (started.status !== 202) throw new Error(`monitors run: ${started.status} ${await started.text()}`);
  let job = jobSchema.parse(await started.json());
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = jobSchema.parse(await (await fetch(`${schedulerUrl}/operator/v1/jobs/${job.id}`, { headers })).json());
  }
  return job;
}

/** The stand-in for signal-ingest: every check answered `success` as soon as it is asked for. */
async function answerChecksAtOnce(bus: Bus): Promise<void> {
  await bus.consume('signal.check.requested', { durable: 'bench-stand-in', concurrency: 256 }, async (request) => {
    const completion = checkCompletionFor(request, { status: 'success', itemsFetched: 1, itemsNew: 1, itemsPushed: 1 });
    await bus.publish('signal.check.completed', completion, { msgId: `bench-answer:${request.checkId}` });
  });
}

/** Waits until monitor-scheduler's outbox has nothing left to publish. */
async function outboxDrained(databaseUrl: string): Promise<{ events: number; seconds: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    const { rows: all } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM outbox_events');
    for (;;) {
      const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM outbox_events WHERE published_at IS NULL');
      if (rows[0]!.count === 0) return { events: all[0]!.count, seconds: (Date.now() - started) / 1000 };
      if (Date.now() - started > 15 * 60_000) throw new Error(`${rows[0]!.count} events still unpublished after 15 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

/** Waits until signal-ingest has taken in every domain the monitors watch (its consumer of `monitor.domain.added`). */
async function watchedDomainsTaken(databaseUrl: string, expected: number): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM watched_domains');
      if (rows[0]!.count >= expected) return (Date.now() - started) / 1000;
      if (Date.now() - started > 15 * 60_000) throw new Error(`signal-ingest took in ${rows[0]!.count} of ${expected} watched domains in 15 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

/** Checks by state so far, printed while the run goes on. */
async function reportProgress(schedulerDatabaseUrl: string, ingestDatabaseUrl: string | undefined, startedAt: number): Promise<void> {
  const count = async (databaseUrl: string, sql: string) => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ label: string; count: number }>(sql);
      return rows.map((row) => `${row.label} ${row.count}`).join(', ');
    } finally {
      await client.end();
    }
  };
  const scheduler = await count(schedulerDatabaseUrl, 'SELECT status AS label, count(*)::int AS count FROM run_checks GROUP BY status ORDER BY status');
  const outbox = await count(schedulerDatabaseUrl, "SELECT 'unpublished' AS label, count(*)::int AS count FROM outbox_events WHERE published_at IS NULL");
  const ingest = ingestDatabaseUrl
    ? await count(ingestDatabaseUrl, "SELECT 'checks recorded' AS label, count(*)::int AS count FROM checks UNION ALL SELECT 'unpublished', count(*)::int FROM outbox_events WHERE published_at IS NULL")
    : 'not running';
  console.log(`  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: scheduler ${scheduler}, ${outbox}; signal-ingest ${ingest}`);
}

/** When the checks were charged and answered, in seconds after `startedAt` (monitor-scheduler's own records). */
async function phasesOf(databaseUrl: string, startedAt: number) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ first_requested: Date; last_requested: Date; last_answered: Date; last_ended: Date }>(
      `SELECT min(c.requested_at) AS first_requested, max(c.requested_at) AS last_requested, max(c.completed_at) AS last_answered,
              (SELECT max(completed_at) FROM monitor_runs) AS last_ended
       FROM run_checks c`,
    );
    const row = rows[0]!;
    const after = (at: Date) => ((at.getTime() - startedAt) / 1000).toFixed(1);
    return {
      firstRequested: after(row.first_requested),
      lastRequested: after(row.last_requested),
      lastAnswered: after(row.last_answered),
      lastEnded: after(row.last_ended),
    };
  } finally {
    await client.end();
  }
}

/** Busy and total CPU time of the whole machine, in clock ticks (/proc/stat). */
function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

const delta = (after: DatabaseActivity, before: DatabaseActivity): DatabaseActivity => ({
  commits: after.commits - before.commits,
  inserted: after.inserted - before.inserted,
  updated: after.updated - before.updated,
  deleted: after.deleted - before.deleted,
});

/** What makes each named service write a CPU profile (cpu-profile-hook.cjs) when it stops. */
function cpuProfileEnv(services: readonly string[]): Record<string, Record<string, string>> {
  const hook = path.join(__dirname, 'cpu-profile-hook.cjs');
  return Object.fromEntries(services.map((name) => [name, { NODE_OPTIONS: `--require ${hook}`, CPU_PROFILE_DIR: process.cwd(), CPU_PROFILE_NAME: name }]));
}

const mergeEnv = (...parts: Record<string, Record<string, string>>[]): Record<string, Record<string, string>> => {
  const merged: Record<string, Record<string, string>> = {};
  for (const part of parts) for (const [name, env] of Object.entries(part)) merged[name] = { ...merged[name], ...env };
  return merged;
};

/**
 * One daily run of `monitors` monitors x `domains` companies x the four signal types, against
 * provider-sim, from `radar monitors run` (the operator route) to its answer once every run
 * ended: wall time, checks per second, what each service and each database did meanwhile.
 */
export async function benchMonitorRun(options: MonitorRunBenchOptions): Promise<void> {
  const checks = options.monitors * options.domains * SIGNAL_TYPES.length;
  console.log(
    `monitor run: ${options.monitors} monitors x ${options.domains} domains x ${SIGNAL_TYPES.length} signal types = ${checks} checks (${options.layout}, answered by ${options.answers})`,
  );
  const stack = await startMonitorRunStack({
    env: mergeEnv({ 'signal-ingest': { CHECK_CONCURRENCY: String(options.checkConcurrency) } }, cpuProfileEnv(options.cpuProfile)),
    withSignalIngest: options.answers === 'signal-ingest',
  });
  try {
    if (options.answers === 'stand-in') await answerChecksAtOnce(stack.client);
    const workspaces = Array.from({ length: options.layout === 'spread' ? options.monitors : 1 }, () => randomUUID());
    const perWorkspace = checks / workspaces.length;
    for (const workspaceId of workspaces) {
      await stack.client.request(RPCS.ledger.grant, { workspaceId, amount: perWorkspace, reason: 'bench_grant', reference: `bench:${randomUUID()}` });
    }
    for (let m = 0; m < options.monitors; m += 1) {
      const workspaceId = workspaces[options.layout === 'spread' ? m : 0]!;
      const caller: Caller = { workspaceId, userId: randomUUID(), tokenId: randomUUID(), scope: 'read_write', role: 'owner' };
      const domains = Array.from({ length: options.domains }, (_, i) => generateCompany(1, m * options.domains + i).domain);
      const response = await fetch(`${stack.scheduler.url}/monitors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signCaller(caller, stack.secrets.INTERNAL_SIGNING_SECRET) },
        body: JSON.stringify({ name: `bench ${m}`, signal_types: [...SIGNAL_TYPES], domains }),
      });
      if (response.status !== 201) throw new Error(`create monitor: ${response.status} ${await response.text()}`);
    }

    // The monitors' own events (a monitor.domain.added per domain) are published before the run is measured.
    const drained = await outboxDrained(stack.scheduler.databaseUrl!);
    console.log(`monitors created; their ${drained.events} domain events published in ${drained.seconds.toFixed(1)} s`);
    // At 09:00 those events were taken in long ago: signal-ingest does so before the run is measured too.
    if (stack.signalIngest) {
      const seconds = await watchedDomainsTaken(stack.signalIngest.databaseUrl!, options.monitors * options.domains);
      console.log(`signal-ingest took them in ${seconds.toFixed(1)} s later`);
    }

    const databases = stack.processes.filter((service): service is BenchProcess & { databaseUrl: string } => service.databaseUrl !== undefined);
    const activityBefore = await Promise.all(databases.map((service) => activityOf(service.databaseUrl)));
    const cpuBefore = stack.processes.map((service) => service.cpuSeconds());
    const machineBefore = machineCpu();
    const startedAt = Date.now();
    const progress = setInterval(() => void reportProgress(stack.scheduler.databaseUrl!, stack.signalIngest?.databaseUrl, startedAt).catch(() => undefined), 10_000);
    let finished: JobView;
    try {
      finished = await runAsJob(stack.scheduler.url, stack.secrets.OPERATOR_SECRET);
    } finally {
      clearInterval(progress);
    }
    const wallSeconds = (Date.now() - startedAt) / 1000;
    const machineAfter = machineCpu();
    const cpuAfter = stack.processes.map((service) => service.cpuSeconds());
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const activityAfter = await Promise.all(databases.map((service) => activityOf(service.databaseUrl)));
    if (finished.status !== 'succeeded') throw new Error(`monitors run ${finished.status}: ${JSON.stringify(finished.error)}\n${stack.scheduler.output()}`);
    const { runs } = runMonitorsResultSchema.parse(finished.result);
    const charged = runs.reduce((sum, run) => sum + run.credits_charged, 0);
    const made = runs.reduce((sum, run) => sum + run.domains_processed, 0);
    const statuses = [...new Set(runs.map((run) => run.status))].join(', ');
    const balances = await Promise.all(workspaces.map(async (workspaceId) => (await stack.client.request(RPCS.ledger.balance, { workspaceId })).balance));

    console.log(`\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`);
    console.log(`runs: ${runs.length} (${statuses}); checks made ${made} of ${checks}; credits charged ${charged}; balances left ${balances.join(', ')}`);
    console.log(`wall time: ${wallSeconds.toFixed(1)} s; ${(checks / wallSeconds).toFixed(0)} checks/s`);
    const machineBusy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
    console.log(`machine CPU busy: ${(machineBusy * 100).toFixed(0)}% of ${os.cpus().length} cores`);
    const phases = await phasesOf(stack.scheduler.databaseUrl!, startedAt);
    console.log(`phases (s after the call): first charge ${phases.firstRequested}, last charge ${phases.lastRequested}, last check answered ${phases.lastAnswered}, last run ended ${phases.lastEnded}`);
    console.log('\n| process | CPU s | share of wall time |');
    console.log('|---|---|---|');
    stack.processes.forEach((service, index) => {
      const used = cpuAfter[index]! - cpuBefore[index]!;
      console.log(`| ${service.name} | ${used.toFixed(1)} | ${((used / wallSeconds) * 100).toFixed(0)}% |`);
    });
    console.log('\n| database | commits | rows inserted | rows updated | rows deleted | commits/s |');
    console.log('|---|---|---|---|---|---|');
    databases.forEach((service, index) => {
      const moved = delta(activityAfter[index]!, activityBefore[index]!);
      console.log(`| ${service.name} | ${moved.commits} | ${moved.inserted} | ${moved.updated} | ${moved.deleted} | ${(moved.commits / wallSeconds).toFixed(0)} |`);
    });
  } finally {
    await stack.stop();
  }
}
