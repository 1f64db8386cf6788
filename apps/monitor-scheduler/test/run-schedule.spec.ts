import { CheckResponder } from './support/check-responder';
import { startMonitorWorld, type MonitorWorld } from './support/monitor-world';
import { createMonitor, daysAgo, expectCountersConsistent, getRun, runMonitors } from './support/run-helpers';
import { eventually } from '@radar/platform/testing';

/** A clock the test moves; the service reads it for every date and deadline. */
class TestClock {
  constructor(private current: Date) {}
  readonly now = (): Date => this.current;
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

describe('the 09:00 UTC schedule and the upkeep', () => {
  const day = daysAgo(20);
  const nextDay = daysAgo(19);
  const clock = new TestClock(new Date(`${day}T08:00:00Z`));
  let world: MonitorWorld;
  let responder: CheckResponder;

  beforeAll(async () => {
    world = await startMonitorWorld({
      clock: clock.now,
      env: { MONITOR_SCHEDULE_ENABLED: 'true', MONITOR_UPKEEP_INTERVAL_MS: '150', MONITOR_RUN_TIME_UTC: '09:00', MONITOR_CHECK_DEADLINE_MS: '600000' },
    });
    responder = await CheckResponder.start(world.namespace, (request) => (request.domain === 'silent.example' ? { status: 'silent' } : { status: 'success' }));
  });
  afterAll(async () => {
    await responder.stop();
    await world.close();
  });

  const runsOn = async (monitorId: string, runDate: string) => {
    const { rows } = await world.pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM monitor_runs WHERE monitor_id = $1 AND run_date = $2::date',
      [monitorId, runDate],
    );
    return rows;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs nothing before 09:00, catches a missed 09:00 up once it has passed, and then leaves later monitors for the next morning', async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 50);
    const early = await createMonitor(world, caller, { name: 'early', domains: ['a.example'] });
    await pause(600);
    expect(await runsOn(early.id, day)).toEqual([]);

    clock.set(`${day}T09:30:00Z`);
    const [run] = await eventually(async () => {
      const rows = await runsOn(early.id, day);
      return rows[0]?.status === 'success' ? rows : undefined;
    }, 'the early monitor run to succeed');
    expect(run).toBeDefined();

    const late = await createMonitor(world, caller, { name: 'late', domains: ['b.example'] });
    await pause(600);
    expect(await runsOn(late.id, day)).toEqual([]);

    clock.set(`${nextDay}T09:00:30Z`);
    await eventually(async () => ((await runsOn(late.id, nextDay)).length === 1 && (await runsOn(early.id, nextDay)).length === 1), 'both runs of the next day');
    expect(await runsOn(early.id, day)).toHaveLength(1);
    expect(await world.balance(caller.workspaceId)).toBe(50 - 2 - 2 - 2);
  });

  it('gives a check signal-ingest never answers up after the deadline: error_other, refunded, and the run ends', async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 10);
    const monitor = await createMonitor(world, caller, { domains: ['fine.example', 'silent.example'] });
    const answered = runMonitors(world, { monitor_id: monitor.id, date: nextDay });
    const runId = await eventually(async () => {
      const { rows } = await world.pool.query<{ id: string }>(
        `SELECT r.id FROM monitor_runs r WHERE r.monitor_id = $1
           AND NOT EXISTS (SELECT 1 FROM run_checks c WHERE c.run_id = r.id AND c.status = 'queued')
           AND (SELECT count(*) FROM run_checks c WHERE c.run_id = r.id AND c.status = 'success') = 2`,
        [monitor.id],
      );
      return rows[0]?.id;
    }, 'every answered check of the run');
    await pause(400);
    expect((await runsOn(monitor.id, nextDay))[0]!.status).toBe('running');

    clock.advance(11 * 60_000);
    const [run] = await answered;
    expect(run).toMatchObject({ id: runId, status: 'partial', domains_processed: 2, domains_failed: 2, credits_charged: 4, credits_refunded: 2 });
    expectCountersConsistent(run!);
    const detail = await getRun(world, caller, monitor.id, runId);
    for (const check of detail.run_domains.filter((entry) => entry.domain === 'silent.example')) {
      expect(check).toMatchObject({ status: 'error_other', error_code: 'CHECK_DEADLINE_EXCEEDED', credit_charged: true, credit_refunded: true });
    }
    expect(await world.balance(caller.workspaceId)).toBe(8);
    const refunds = (await world.transactions(caller.workspaceId)).filter((row) => row.reason === 'monitor_refund');
    expect(refunds).toHaveLength(2);
  });
});
