import { randomUUID } from 'node:crypto';
import { errorEnvelopeSchema, runsPageSchema, runSummarySchema } from '@radar/contracts';
import type { CheckRequest } from '@radar/platform/testing';
import { CheckResponder } from './support/check-responder';
import { EventLog } from './support/event-log';
import { startMonitorWorld, type MonitorWorld } from './support/monitor-world';
import { chargeRef, createMonitor, daysAgo, expectCountersConsistent, getMonitor, getRun, runMonitors, today } from './support/run-helpers';

/** Domains whose checks the stand-in for signal-ingest fails, and how. */
const FAILING: Record<string, 'error_pl' | 'error_other'> = { 'broken.example': 'error_pl', 'odd.example': 'error_other' };

describe('monitor runs', () => {
  let world: MonitorWorld;
  let responder: CheckResponder;
  let events: EventLog;

  beforeAll(async () => {
    world = await startMonitorWorld();
    responder = await CheckResponder.start(world.namespace, (request: CheckRequest) => {
      const failure = FAILING[request.domain];
      return failure ? { status: failure, errorCode: failure === 'error_pl' ? 'PROVIDER_503' : 'BAD_PAYLOAD' } : { status: 'success', itemsFetched: 3, itemsNew: 2, itemsPushed: 1 };
    });
    events = await EventLog.start(world.namespace, ['monitor.run.completed', 'monitor.domain.added']);
  });
  afterAll(async () => {
    await events.stop();
    await responder.stop();
    await world.close();
  });

  describe('with enough credits', () => {
    it('charges each check once before it is made, asks signal-ingest for it, and ends `success` with every counter', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, {
        domains: ['acme.com', 'globex.io'],
        job_opening_filters: { title_keyword: 'Engineer' },
      });
      const [run] = await runMonitors(world, { monitor_id: monitor.id });
      expect(run).toMatchObject({
        monitor_id: monitor.id,
        run_date: today(),
        status: 'success',
        domains_total: 4,
        domains_processed: 4,
        domains_skipped_credits: 0,
        domains_failed: 0,
        credits_charged: 4,
        credits_refunded: 0,
        new_items_total: 4,
      });
      expect(run!.completed_at).not.toBeNull();
      expectCountersConsistent(run!);
      expect(await world.balance(caller.workspaceId)).toBe(6);

      const charges = (await world.transactions(caller.workspaceId)).filter((row) => row.reason === 'monitor_charge');
      expect(charges.map((row) => row.reference).sort()).toEqual(
        [
          chargeRef(monitor.id, today(), 'acme.com', 'job_openings'),
          chargeRef(monitor.id, today(), 'acme.com', 'news_events'),
          chargeRef(monitor.id, today(), 'globex.io', 'job_openings'),
          chargeRef(monitor.id, today(), 'globex.io', 'news_events'),
        ].sort(),
      );
      expect(charges.every((row) => row.amount === -1)).toBe(true);

      const detail = await getRun(world, caller, monitor.id, run!.id);
      expect(detail.run_domains.map((check) => `${check.domain}/${check.signal_type}`)).toEqual([
        'acme.com/job_openings',
        'acme.com/news_events',
        'globex.io/job_openings',
        'globex.io/news_events',
      ]);
      for (const check of detail.run_domains) {
        expect(check).toMatchObject({
          status: 'success',
          error_code: null,
          items_fetched: 3,
          items_new: 2,
          items_pushed: 1,
          credit_charged: true,
          credit_refunded: false,
        });
        expect(check.started_at).not.toBeNull();
        expect(check.completed_at).not.toBeNull();
      }

      const requests = responder.requestsOf(run!.id);
      expect(requests).toHaveLength(4);
      expect(requests[0]).toMatchObject({
        runDate: today(),
        workspaceId: caller.workspaceId,
        monitorId: monitor.id,
        monitorName: monitor.name,
        deliveryMethod: 'email',
        webhookId: null,
        slackConnectionId: null,
        jobOpeningFilters: { title_keyword: 'Engineer', seniority: [], categories: [] },
      });
      expect(new Set(requests.map((request) => request.checkId)).size).toBe(4);

      const [completed] = await events.waitFor('monitor.run.completed', (payload) => payload.runId === run!.id);
      expect(completed).toMatchObject({ monitorId: monitor.id, status: 'success', runDate: today(), newItemsTotal: 4, deliveryMethod: 'email' });

      const after = await getMonitor(world, caller, monitor.id);
      expect(after).toMatchObject({ status: 'active', last_run_status: 'success', last_error: null });
      expect(after.last_run_at).toBe(run!.started_at);
      expect(after.recent_runs).toEqual([run]);
    });

    it('answers the existing run for a day that has one, and charges nothing more', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, { domains: ['acme.com'] });
      const [first] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(3) });
      const [again] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(3) });
      expect(again).toEqual(first);
      expect(await world.balance(caller.workspaceId)).toBe(8);
      expect(responder.requestsOf(first!.id)).toHaveLength(2);
    });

    it('runs any past UTC day, also for a monitor created after it, with that day in the checks', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, { domains: ['acme.com'], signal_types: ['financing_events'] });
      const day = daysAgo(40);
      const [run] = await runMonitors(world, { monitor_id: monitor.id, date: day });
      expect(run).toMatchObject({ run_date: day, status: 'success', credits_charged: 1 });
      expect(responder.requestsOf(run!.id)[0]!.runDate).toBe(day);
      expect((await world.transactions(caller.workspaceId)).map((row) => row.reference)).toContain(chargeRef(monitor.id, day, 'acme.com', 'financing_events'));
    });

    it('without --monitor runs every runnable monitor of the day, oldest first, and skips paused ones', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 20);
      const first = await createMonitor(world, caller, { name: 'first', domains: ['one.example'] });
      const paused = await createMonitor(world, caller, { name: 'paused', domains: ['two.example'] });
      await world.as(caller).patch(`/monitors/${paused.id}`, { status: 'paused_by_user' });
      const day = daysAgo(5);
      const runs = await runMonitors(world, { date: day });
      const ours = runs.filter((run) => [first.id, paused.id].includes(run.monitor_id));
      expect(ours.map((run) => run.monitor_id)).toEqual([first.id]);
      expect(await world.balance(caller.workspaceId)).toBe(18);
    });
  });

  describe('when credits run out', () => {
    it('skips the rest of the run uncharged, ends it `partial` and pauses the monitor, leaving a balance of 0', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 4);
      const monitor = await createMonitor(world, caller, { domains: ['a.example', 'b.example', 'c.example', 'd.example'] });
      const [run] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(2) });
      expect(run).toMatchObject({
        status: 'partial',
        domains_total: 8,
        domains_processed: 4,
        domains_skipped_credits: 4,
        domains_failed: 0,
        credits_charged: 4,
        credits_refunded: 0,
      });
      expectCountersConsistent(run!);
      expect(await world.balance(caller.workspaceId)).toBe(0);

      const detail = await getRun(world, caller, monitor.id, run!.id);
      expect(detail.run_domains.map((check) => check.status)).toEqual([
        'success',
        'success',
        'success',
        'success',
        'skipped_credits',
        'skipped_credits',
        'skipped_credits',
        'skipped_credits',
      ]);
      for (const skipped of detail.run_domains.slice(4)) {
        expect(skipped).toMatchObject({ credit_charged: false, credit_refunded: false, items_fetched: 0, started_at: null });
      }
      const charged = (await world.transactions(caller.workspaceId)).filter((row) => row.reason === 'monitor_charge');
      expect(charged.map((row) => row.reference).sort()).toEqual(
        detail.run_domains.slice(0, 4).map((check) => chargeRef(monitor.id, daysAgo(2), check.domain, check.signal_type)).sort(),
      );
      expect(responder.requestsOf(run!.id)).toHaveLength(4);

      const after = await getMonitor(world, caller, monitor.id);
      expect(after.status).toBe('paused_no_credits');
      expect(after.last_error).toContain('Credits ran out');
      expect(after.last_run_status).toBe('partial');
    });

    it('skips a whole run when the balance is already 0', async () => {
      const caller = world.editor();
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      const [run] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(2) });
      expect(run).toMatchObject({ status: 'partial', domains_processed: 0, domains_skipped_credits: 2, credits_charged: 0 });
      expect((await getMonitor(world, caller, monitor.id)).status).toBe('paused_no_credits');
    });
  });

  describe('failed checks', () => {
    it('refunds each failed check (monitor_refund), counts it in domains_failed, and ends the run `partial`', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, { domains: ['acme.com', 'broken.example', 'odd.example'] });
      const day = daysAgo(1);
      const [run] = await runMonitors(world, { monitor_id: monitor.id, date: day });
      expect(run).toMatchObject({
        status: 'partial',
        domains_total: 6,
        domains_processed: 2,
        domains_failed: 4,
        domains_skipped_credits: 0,
        credits_charged: 6,
        credits_refunded: 4,
        new_items_total: 2,
      });
      expectCountersConsistent(run!);
      expect(await world.balance(caller.workspaceId)).toBe(8);

      const detail = await getRun(world, caller, monitor.id, run!.id);
      const broken = detail.run_domains.filter((check) => check.domain === 'broken.example');
      expect(broken.map((check) => check.status)).toEqual(['error_pl', 'error_pl']);
      expect(broken[0]).toMatchObject({ error_code: 'PROVIDER_503', credit_charged: true, credit_refunded: true });
      const odd = detail.run_domains.filter((check) => check.domain === 'odd.example');
      expect(odd.map((check) => check.status)).toEqual(['error_other', 'error_other']);

      const refunds = (await world.transactions(caller.workspaceId)).filter((row) => row.reason === 'monitor_refund');
      expect(refunds.map((row) => row.reference).sort()).toEqual(
        ['broken.example', 'odd.example']
          .flatMap((domain) => ['job_openings', 'news_events'].map((type) => `${chargeRef(monitor.id, day, domain, type)}:refund`))
          .sort(),
      );
      expect(refunds.every((row) => row.amount === 1)).toBe(true);
      expect((await getMonitor(world, caller, monitor.id)).status).toBe('active');
    });

    it('ends a run whose every check failed `failed`, with every credit back', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 5);
      const monitor = await createMonitor(world, caller, { domains: ['broken.example'] });
      const [run] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(1) });
      expect(run).toMatchObject({ status: 'failed', domains_failed: 2, credits_charged: 2, credits_refunded: 2, domains_processed: 0 });
      expect(await world.balance(caller.workspaceId)).toBe(5);
    });
  });

  describe('the monitor status table, row by row', () => {
    it('(new) → active: create answers 201 with status active', async () => {
      const monitor = await createMonitor(world, world.editor(), { domains: ['a.example'] });
      expect(monitor.status).toBe('active');
    });

    it('active → paused_by_user by PATCH: no runs, no charges', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      expect((await world.as(caller).patch(`/monitors/${monitor.id}`, { status: 'paused_by_user' })).body.status).toBe('paused_by_user');
      expect(await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(7) })).toEqual([]);
      expect(await world.balance(caller.workspaceId)).toBe(10);
      expect((await getMonitor(world, caller, monitor.id)).recent_runs).toEqual([]);
    });

    it('paused_by_user → active by PATCH, and it runs again', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      await world.as(caller).patch(`/monitors/${monitor.id}`, { status: 'paused_by_user' });
      expect((await world.as(caller).patch(`/monitors/${monitor.id}`, { status: 'active' })).body.status).toBe('active');
      expect(await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(7) })).toHaveLength(1);
    });

    it('active → paused_no_credits by the daily run when credits run out; PATCH status=active is 409 STATUS_TRANSITION_FORBIDDEN', async () => {
      const caller = world.editor();
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(9) });
      expect((await getMonitor(world, caller, monitor.id)).status).toBe('paused_no_credits');
      const refused = await world.as(caller).patch(`/monitors/${monitor.id}`, { status: 'active' });
      expect(refused.status).toBe(409);
      expect(errorEnvelopeSchema.parse(refused.body).detail.code).toBe('STATUS_TRANSITION_FORBIDDEN');
      expect((await getMonitor(world, caller, monitor.id)).status).toBe('paused_no_credits');
    });

    it('paused_no_credits stays paused, with no run, at the next run while the balance is 0', async () => {
      const caller = world.editor();
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(9) });
      expect(await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(8) })).toEqual([]);
      expect((await getMonitor(world, caller, monitor.id)).status).toBe('paused_no_credits');
    });

    it('paused_no_credits → active by itself at the next daily run after a top-up', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 1);
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      const [short] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(9) });
      expect(short).toMatchObject({ status: 'partial', domains_processed: 1, domains_skipped_credits: 1 });
      await world.grant(caller.workspaceId, 10);
      const [resumed] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(8) });
      expect(resumed).toMatchObject({ status: 'success', domains_processed: 2, credits_charged: 2 });
      const after = await getMonitor(world, caller, monitor.id);
      expect(after).toMatchObject({ status: 'active', last_error: null, last_run_status: 'success' });
      expect(after.recent_runs!.map((run) => run.run_date)).toEqual([daysAgo(8), daysAgo(9)]);
      expect(await world.balance(caller.workspaceId)).toBe(8);
    });

    it('the automatic resume stays paused while the workspace has 10 active monitors', async () => {
      const caller = world.editor();
      const starved = await createMonitor(world, caller, { name: 'starved', domains: ['a.example'] });
      await runMonitors(world, { monitor_id: starved.id, date: daysAgo(9) });
      expect((await getMonitor(world, caller, starved.id)).status).toBe('paused_no_credits');
      for (let i = 0; i < 10; i += 1) await createMonitor(world, caller, { name: `busy ${i}`, domains: ['b.example'] });
      await world.grant(caller.workspaceId, 100);
      expect(await runMonitors(world, { monitor_id: starved.id, date: daysAgo(8) })).toEqual([]);
      expect((await getMonitor(world, caller, starved.id)).status).toBe('paused_no_credits');
    });
  });

  describe('the runs endpoints', () => {
    it('lists runs newest first with {items, total, limit, offset, has_more}', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 20);
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      for (const n of [12, 11, 10]) await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(n) });
      const page = runsPageSchema.parse((await world.as(caller).get(`/monitors/${monitor.id}/runs?limit=2`)).body);
      expect(page).toMatchObject({ total: 3, limit: 2, offset: 0, has_more: true });
      expect(page.items.map((run) => run.run_date)).toEqual([daysAgo(10), daysAgo(11)]);
      const rest = runsPageSchema.parse((await world.as(caller).get(`/monitors/${monitor.id}/runs?limit=2&offset=2`)).body);
      expect(rest).toMatchObject({ total: 3, has_more: false });
      expect(rest.items.map((run) => run.run_date)).toEqual([daysAgo(12)]);
      for (const run of page.items) runSummarySchema.strict().parse(run);
    });

    it.each([['limit=0'], ['limit=201'], ['offset=-1']])('refuses %s with 422', async (query) => {
      const caller = world.editor();
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      expect((await world.as(caller).get(`/monitors/${monitor.id}/runs?${query}`)).status).toBe(422);
    });

    it("answers 404 for another monitor's run, an unknown run and another workspace", async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      const other = await createMonitor(world, caller, { domains: ['b.example'] });
      const [run] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(4) });
      for (const [who, path] of [
        [caller, `/monitors/${other.id}/runs/${run!.id}`],
        [caller, `/monitors/${monitor.id}/runs/${randomUUID()}`],
        [caller, `/monitors/${monitor.id}/runs/not-a-run`],
        [world.editor(), `/monitors/${monitor.id}/runs/${run!.id}`],
      ] as const) {
        const response = await world.as(who).get(path);
        expect(response.status).toBe(404);
      }
    });

    it('deleting the monitor deletes its runs', async () => {
      const caller = world.editor();
      await world.grant(caller.workspaceId, 10);
      const monitor = await createMonitor(world, caller, { domains: ['a.example'] });
      await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(4) });
      expect((await world.as(caller).delete(`/monitors/${monitor.id}`)).status).toBe(204);
      const { rows } = await world.pool.query<{ runs: number; checks: number }>(
        `SELECT (SELECT count(*) FROM monitor_runs WHERE monitor_id = $1)::int AS runs,
                (SELECT count(*) FROM run_checks c JOIN monitor_runs r ON r.id = c.run_id WHERE r.monitor_id = $1)::int AS checks`,
        [monitor.id],
      );
      expect(rows[0]).toEqual({ runs: 0, checks: 0 });
    });
  });

  describe('radar monitors run: what it refuses', () => {
    it.each([
      ['a future day', () => ({ date: daysAgo(-1) }), 422],
      ['a day that does not exist', () => ({ date: '2025-02-30' }), 422],
      ['a badly written day', () => ({ date: '24/11/2026' }), 422],
      ['an unknown field', () => ({ day: today() }), 422],
      ['an unknown monitor', () => ({ monitor_id: randomUUID() }), 404],
    ])('refuses %s', async (_label, body, status) => {
      const response = await world.operator('/monitors/run', body());
      expect(response.status).toBe(status);
    });

    it('needs the operator secret', async () => {
      const response = await world.as(world.editor()).post('/operator/v1/monitors/run', {});
      expect(response.status).toBe(401);
    });
  });
});
