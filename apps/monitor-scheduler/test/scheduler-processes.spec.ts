import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { runMonitorsResultSchema } from '@radar/contracts';
import { CheckResponder } from './support/check-responder';
import { startMonitorWorld, type MonitorWorld } from './support/monitor-world';
import { createMonitor, daysAgo, today } from './support/run-helpers';
import { eventually, REPOSITORY_ROOT, startSibling, TEST_SECRETS, type SiblingProcess } from '@radar/platform/testing';

const APP_DIR = path.join(REPOSITORY_ROOT, 'apps', 'monitor-scheduler');

/**
 * Real scheduler processes (apps/monitor-scheduler/dist/main.js, built here) on one database,
 * beside the in-process one of the world, which has its schedule off.
 */
describe('scheduler processes', () => {
  let world: MonitorWorld;
  let responder: CheckResponder;
  const processes: SiblingProcess[] = [];

  const startScheduler = async (env: Record<string, string>) => {
    const started = await startSibling('monitor-scheduler', {
      namespace: world.namespace,
      databaseUrl: world.scheduler.databaseUrl!,
      env: { MONITOR_UPKEEP_INTERVAL_MS: '300', ...env },
    });
    processes.push(started);
    return started;
  };

  const runsOf = async (monitorIds: readonly string[]) => {
    const { rows } = await world.pool.query<{
      id: string;
      monitor_id: string;
      run_day: string;
      status: string;
      domains_total: number;
      domains_processed: number;
      credits_charged: number;
      checks_open: number;
    }>(
      `SELECT id, monitor_id, run_date::text AS run_day, status, domains_total, domains_processed, credits_charged, checks_open
       FROM monitor_runs WHERE monitor_id = ANY($1::uuid[]) ORDER BY monitor_id, run_date`,
      [monitorIds],
    );
    return rows;
  };

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(REPOSITORY_ROOT, 'tools/stack/bundle.mjs'), 'src/main.ts'], { cwd: APP_DIR, stdio: 'pipe' });
    world = await startMonitorWorld();
    responder = await CheckResponder.start(world.namespace);
  }, 120_000);
  afterAll(async () => {
    for (const started of processes) await started.stop();
    await responder.stop();
    await world.close();
  });

  it('two processes started at once make one run per monitor for the day, each check charged once', async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 1_000);
    const domains = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example'];
    const monitors = await Promise.all([1, 2, 3].map((n) => createMonitor(world, caller, { name: `m${n}`, domains })));
    const ids = monitors.map((monitor) => monitor.id);

    // 00:00 UTC: the day's run time has passed, so each process catches it up as it starts.
    const [first, second] = await Promise.all([startScheduler({ MONITOR_RUN_TIME_UTC: '00:00' }), startScheduler({ MONITOR_RUN_TIME_UTC: '00:00' })]);
    const runs = await eventually(async () => {
      const rows = await runsOf(ids);
      return rows.length === 3 && rows.every((row) => row.status === 'success') ? rows : undefined;
    }, "the three monitors' runs to succeed", 60_000);
    expect(runs.map((run) => run.run_day)).toEqual([today(), today(), today()]);
    expect(runs.every((run) => run.credits_charged === 10 && run.domains_processed === 10)).toBe(true);

    const charges = (await world.transactions(caller.workspaceId)).filter((row) => row.reason === 'monitor_charge');
    expect(charges).toHaveLength(30);
    expect(new Set(charges.map((row) => row.reference)).size).toBe(30);
    expect(await world.balance(caller.workspaceId)).toBe(970);

    // The operator's run of the same day through either process answers the same runs, charging nothing.
    const answers = await Promise.all(
      [first!, second!].map((proc) =>
        fetch(`${proc.url}/operator/v1/monitors/run`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`, 'content-type': 'application/json' },
          body: JSON.stringify({ date: today() }),
        }).then(async (response) => runMonitorsResultSchema.parse(await response.json()).runs),
      ),
    );
    for (const answer of answers) {
      expect(answer.filter((run) => ids.includes(run.monitor_id)).map((run) => run.id).sort()).toEqual(runs.map((run) => run.id).sort());
    }
    expect(await world.balance(caller.workspaceId)).toBe(970);
    await Promise.all([first!.stop(), second!.stop()]);
  });

  it('a process killed (SIGKILL) mid-run and a restart finish the run, no check charged twice', async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 100_000);
    const domains = Array.from({ length: 300 }, (_, i) => `company-${i}.example`);
    const monitor = await createMonitor(world, caller, { domains, signal_types: ['job_openings', 'financing_events', 'news_events', 'connections'] });
    const day = daysAgo(1);

    // One check per ledger call, so that the run is still charging when it is killed.
    const doomed = await startScheduler({ MONITOR_CHARGE_BATCH: '1' });
    const answer = fetch(`${doomed.url}/operator/v1/monitors/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ date: day, monitor_id: monitor.id }),
    }).catch((error: unknown) => error);
    await eventually(async () => (await world.transactions(caller.workspaceId)).filter((row) => row.reason === 'monitor_charge').length >= 100, 'a hundred charges', 60_000);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    expect(await answer).toMatchObject({ message: 'fetch failed' });

    const [cut] = await runsOf([monitor.id]);
    expect(cut).toMatchObject({ status: 'running', domains_total: 1_200 });
    const { rows: queued } = await world.pool.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM run_checks WHERE run_id = $1 AND status = 'queued'",
      [cut!.id],
    );
    expect(queued[0]!.count).toBeGreaterThan(0);

    await startScheduler({});
    const [finished] = await eventually(async () => {
      const rows = await runsOf([monitor.id]);
      return rows[0]?.status !== 'running' ? rows : undefined;
    }, 'the cut run to finish', 60_000);
    expect(finished).toMatchObject({ id: cut!.id, status: 'success', domains_total: 1_200, domains_processed: 1_200, credits_charged: 1_200, checks_open: 0 });

    const charges = (await world.transactions(caller.workspaceId)).filter((row) => row.reason === 'monitor_charge');
    expect(charges).toHaveLength(1_200);
    expect(new Set(charges.map((row) => row.reference)).size).toBe(1_200);
    expect(await world.balance(caller.workspaceId)).toBe(100_000 - 1_200);
    expect(responder.requestsOf(cut!.id)).toHaveLength(1_200);
  }, 120_000);
});
