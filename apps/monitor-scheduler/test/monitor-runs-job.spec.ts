import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { jobSchema, runMonitorsResultSchema, type JobView } from '@radar/contracts';
import { TEST_SECRETS } from '@radar/platform/testing';
import { CheckResponder } from './support/check-responder';
import { startMonitorWorld, type MonitorWorld } from './support/monitor-world';
import { createMonitor, daysAgo } from './support/run-helpers';

describe('radar monitors run as an operator job', () => {
  let world: MonitorWorld;
  let responder: CheckResponder;

  beforeAll(async () => {
    // Checks of slow.example are never answered: they end at the (short) deadline, so the job is
    // seen with some checks answered and some not.
    world = await startMonitorWorld({
      env: { MONITOR_SCHEDULE_ENABLED: 'true', MONITOR_UPKEEP_INTERVAL_MS: '200', MONITOR_CHECK_DEADLINE_MS: '3000' },
    });
    responder = await CheckResponder.start(world.namespace, (request) => (request.domain === 'slow.example' ? { status: 'silent' } : { status: 'success' }));
  });
  afterAll(async () => {
    await responder.stop();
    await world.close();
  });

  const operator = () => ({
    start: (body: object) =>
      request(world.app).post('/operator/v1/monitors/run').set('authorization', `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`).set('Prefer', 'respond-async').send(body),
    job: async (id: string): Promise<JobView> =>
      jobSchema.parse((await request(world.app).get(`/operator/v1/jobs/${id}`).set('authorization', `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`)).body),
  });

  it('answers 202 with the job at once, counts the checks answered as progress, and ends with {runs}', async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 100);
    const monitor = await createMonitor(world, caller, { domains: ['acme.com', 'globex.io', 'slow.example'] });
    const day = daysAgo(1);

    const started = await operator().start({ monitor_id: monitor.id, date: day });
    expect(started.status).toBe(202);
    const view = jobSchema.parse(started.body);
    expect(view).toMatchObject({ service: 'monitor-scheduler', kind: 'monitors.run', status: 'running', input: { date: day, monitor_id: monitor.id } });

    const seen: number[] = [];
    let current = view;
    const deadline = Date.now() + 60_000;
    while (current.status === 'running' && Date.now() < deadline) {
      await sleep(100);
      current = await operator().job(view.id);
      seen.push(current.progress.done);
    }
    expect(current.status).toBe('succeeded');
    expect(current.progress).toMatchObject({ done: 6, total: 6, unit: 'checks' });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen).toContain(4);
    const { runs } = runMonitorsResultSchema.parse(current.result);
    expect(runs).toEqual([
      expect.objectContaining({ monitor_id: monitor.id, run_date: day, status: 'partial', domains_total: 6, domains_processed: 4, domains_failed: 2 }),
    ]);
  });

  it('refuses a day ahead and an unknown monitor at once (422, 404), starting no job', async () => {
    expect((await operator().start({ date: '2999-01-01' })).status).toBe(422);
    expect((await operator().start({ monitor_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const listed = await request(world.app).get('/operator/v1/jobs').set('authorization', `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`);
    expect(listed.body.items).toHaveLength(1);
  });
});
