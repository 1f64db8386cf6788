import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { errorEnvelopeSchema, monitorSchema, monitorsPageSchema, type Caller } from '@radar/contracts';
import { EventLog } from './support/event-log';
import { startMonitorWorld, type MonitorWorld } from './support/monitor-world';

const codeOf = (body: unknown) => errorEnvelopeSchema.parse(body).detail.code;

const aMonitor = (overrides: Record<string, unknown> = {}) => ({
  name: 'Competitors',
  signal_types: ['job_openings', 'news_events'],
  domains: ['acme.com', 'globex.io'],
  ...overrides,
});

describe('the /monitors endpoints', () => {
  let world: MonitorWorld;
  let events: EventLog;

  beforeAll(async () => {
    world = await startMonitorWorld();
    events = await EventLog.start(world.namespace, ['monitor.domain.added', 'monitor.domain.removed']);
  });
  afterAll(async () => {
    await events.stop();
    await world.close();
  });

  const create = async (caller: Caller, overrides: Record<string, unknown> = {}) => {
    const response = await world.as(caller).post('/monitors', aMonitor(overrides));
    expect(response.status).toBe(201);
    return monitorSchema.strict().parse(response.body);
  };

  describe('POST /monitors', () => {
    it('answers 201 with every field of the Monitor record, domains normalised, cost = companies x signal types', async () => {
      const caller = world.editor();
      const before = Date.now();
      const response = await world.as(caller).post('/monitors', aMonitor({ domains: ['https://www.Acme.com/about?x=1', 'GLOBEX.io.', 'initech.co.uk'] }));
      expect(response.status).toBe(201);
      const monitor = monitorSchema.strict().parse(response.body);
      expect(monitor).toMatchObject({
        workspace_id: caller.workspaceId,
        created_by: caller.userId,
        name: 'Competitors',
        signal_types: ['job_openings', 'news_events'],
        delivery_method: 'email',
        webhook_id: null,
        job_opening_filters: { title_keyword: null, seniority: [], categories: [] },
        list_id: null,
        list_name: null,
        slack_connection_id: null,
        slack_channel: null,
        status: 'active',
        last_run_at: null,
        last_run_status: null,
        last_error: null,
        estimated_daily_cost: 6,
        recent_runs: [],
      });
      expect(monitor.domains.map((entry) => entry.domain)).toEqual(['acme.com', 'globex.io', 'initech.co.uk']);
      expect(Date.parse(monitor.domains[0]!.added_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(monitor.created_at).toBe(monitor.updated_at);
    });

    it('keeps each domain once when the body repeats it in another spelling', async () => {
      const monitor = await create(world.editor(), { domains: ['acme.com', 'http://acme.com/', 'www.ACME.com'] });
      expect(monitor.domains.map((entry) => entry.domain)).toEqual(['acme.com']);
      expect(monitor.estimated_daily_cost).toBe(2);
    });

    it('stores job opening filters, a webhook and a team-chat connection of the workspace', async () => {
      const caller = world.editor();
      const webhookId = await world.createWebhook(caller.workspaceId);
      const slackId = await world.createSlackConnection(caller.workspaceId, '#sales-signals');
      const monitor = await create(caller, {
        delivery_method: 'webhook',
        webhook_id: webhookId,
        slack_connection_id: slackId,
        job_opening_filters: { title_keyword: 'Engineer', seniority: ['head', 'director'], categories: ['engineering'] },
      });
      expect(monitor).toMatchObject({
        delivery_method: 'webhook',
        webhook_id: webhookId,
        slack_connection_id: slackId,
        slack_channel: '#sales-signals',
        job_opening_filters: { title_keyword: 'Engineer', seniority: ['head', 'director'], categories: ['engineering'] },
      });
    });

    it('announces monitor.domain.added for each domain', async () => {
      const caller = world.editor();
      const monitor = await create(caller, { domains: ['one.example', 'two.example'] });
      const added = await events.waitFor('monitor.domain.added', (payload) => payload.monitorId === monitor.id, 2);
      expect(added.map((payload) => payload.domain).sort()).toEqual(['one.example', 'two.example']);
      expect(added.every((payload) => payload.workspaceId === caller.workspaceId)).toBe(true);
    });

    it('refuses webhook delivery without webhook_id with 422 WEBHOOK_REQUIRED', async () => {
      const response = await world.as(world.editor()).post('/monitors', aMonitor({ delivery_method: 'webhook' }));
      expect(response.status).toBe(422);
      expect(codeOf(response.body)).toBe('WEBHOOK_REQUIRED');
    });

    it.each([
      ['an unknown id', () => randomUUID()],
      ['an id that is no UUID', () => 'not-a-webhook'],
    ])('refuses a webhook_id that is %s with 422 WEBHOOK_NOT_FOUND', async (_label, id) => {
      const response = await world.as(world.editor()).post('/monitors', aMonitor({ delivery_method: 'webhook', webhook_id: id() }));
      expect(response.status).toBe(422);
      expect(codeOf(response.body)).toBe('WEBHOOK_NOT_FOUND');
    });

    it("refuses another workspace's webhook with 422 WEBHOOK_NOT_FOUND", async () => {
      const otherWebhook = await world.createWebhook(randomUUID());
      const response = await world.as(world.editor()).post('/monitors', aMonitor({ delivery_method: 'webhook', webhook_id: otherWebhook }));
      expect(response.status).toBe(422);
      expect(codeOf(response.body)).toBe('WEBHOOK_NOT_FOUND');
    });

    it('refuses webhook_id with email delivery with 422 naming the field', async () => {
      const caller = world.editor();
      const webhookId = await world.createWebhook(caller.workspaceId);
      const response = await world.as(caller).post('/monitors', aMonitor({ webhook_id: webhookId }));
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toContain('webhook_id');
    });

    it("refuses another workspace's team-chat connection with 422 naming slack_connection_id", async () => {
      const other = await world.createSlackConnection(randomUUID(), '#elsewhere');
      const response = await world.as(world.editor()).post('/monitors', aMonitor({ slack_connection_id: other }));
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toContain('slack_connection_id');
    });

    it.each([
      ['an unknown signal type', { signal_types: ['job_openings', 'weather'] }, 'signal_types.1'],
      ['no signal type', { signal_types: [] }, 'signal_types'],
      ['a repeated signal type', { signal_types: ['news_events', 'news_events'] }, 'signal_types'],
      ['an unknown seniority', { job_opening_filters: { seniority: ['intern'] } }, 'job_opening_filters.seniority.0'],
      ['no domains', { domains: [] }, 'domains'],
      ['domains omitted', { domains: undefined }, 'domains'],
      ['a domain that is no host name', { domains: ['acme.com', 'not a domain'] }, 'domains.1'],
      ['a bare word for a domain', { domains: ['localhost'] }, 'domains.0'],
      ['an unknown top-level field', { colour: 'red' }, 'colour'],
      ['an unknown field inside job_opening_filters', { job_opening_filters: { title_keyword: 'x', salary: 1 } }, 'job_opening_filters.salary'],
      ['status (not settable on create)', { status: 'paused_by_user' }, 'status'],
      ['list_id (lists are followed through the operator)', { list_id: randomUUID() }, 'list_id'],
      ['a blank name', { name: '  ' }, 'name'],
      ['an unknown delivery method', { delivery_method: 'sms' }, 'delivery_method'],
    ])('refuses %s with 422 naming the field', async (_label, overrides, field) => {
      const response = await world.as(world.editor()).post('/monitors', aMonitor(overrides));
      expect(response.status).toBe(422);
      expect(codeOf(response.body)).toBe('VALIDATION_ERROR');
      expect(response.body.detail.message).toContain(`"${field}"`);
    });

    it('refuses an 11th active monitor with 409 WORKSPACE_CRON_JOB_LIMIT; paused ones do not count', async () => {
      const caller = world.editor();
      const monitors = [];
      for (let i = 0; i < 10; i += 1) monitors.push(await create(caller, { name: `m${i}` }));
      const refused = await world.as(caller).post('/monitors', aMonitor());
      expect(refused.status).toBe(409);
      expect(codeOf(refused.body)).toBe('WORKSPACE_CRON_JOB_LIMIT');
      expect((await world.as(caller).patch(`/monitors/${monitors[0]!.id}`, { status: 'paused_by_user' })).status).toBe(200);
      expect((await world.as(caller).post('/monitors', aMonitor())).status).toBe(201);
    });

    it('holds the limit under concurrent creates', async () => {
      const caller = world.editor();
      const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => world.as(caller).post('/monitors', aMonitor({ name: `c${i}` }))));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    });
  });

  describe('who may change monitors', () => {
    it.each([
      ['a read token', { scope: 'read' as const }, 403, 'INSUFFICIENT_SCOPE'],
      ['a member', { role: 'member' as const }, 403, 'WORKSPACE_EDIT_FORBIDDEN'],
    ])('refuses %s on every change', async (_label, overrides, status, code) => {
      const owner = world.editor();
      const monitor = await create(owner);
      const caller = world.editor(owner.workspaceId, overrides);
      const attempts = [
        world.as(caller).post('/monitors', aMonitor()),
        world.as(caller).patch(`/monitors/${monitor.id}`, { name: 'x' }),
        world.as(caller).delete(`/monitors/${monitor.id}`),
        world.as(caller).post(`/monitors/${monitor.id}/domains`, { domain: 'new.example' }),
        world.as(caller).delete(`/monitors/${monitor.id}/domains/acme.com`),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(status);
        expect(codeOf(response.body)).toBe(code);
      }
      expect((await world.as(caller).get(`/monitors/${monitor.id}`)).status).toBe(200);
    });

    it('lets an admin change monitors', async () => {
      const owner = world.editor();
      const monitor = await create(owner);
      const admin = world.editor(owner.workspaceId, { role: 'admin' });
      expect((await world.as(admin).patch(`/monitors/${monitor.id}`, { name: 'Renamed' })).status).toBe(200);
    });

    it('refuses a request without the gateway-signed identity with 401', async () => {
      const response = await request(world.app).get('/monitors');
      expect(response.status).toBe(401);
    });
  });

  describe('GET /monitors and GET /monitors/{id}', () => {
    it('lists the workspace monitors newest first with {items, total}, filtered by status and paged', async () => {
      const caller = world.editor();
      const first = await create(caller, { name: 'first' });
      const second = await create(caller, { name: 'second' });
      const third = await create(caller, { name: 'third' });
      await world.as(caller).patch(`/monitors/${second.id}`, { status: 'paused_by_user' });
      await create(world.editor(), { name: 'elsewhere' });

      const all = monitorsPageSchema.parse((await world.as(caller).get('/monitors')).body);
      expect(all.total).toBe(3);
      expect(all.items.map((item) => item.name)).toEqual(['third', 'second', 'first']);
      expect(all.items[0]).not.toHaveProperty('recent_runs');
      expect(all.items[0]!.domains).toHaveLength(2);

      const paused = monitorsPageSchema.parse((await world.as(caller).get('/monitors?status=paused_by_user')).body);
      expect(paused).toMatchObject({ total: 1, items: [{ id: second.id }] });

      const page = monitorsPageSchema.parse((await world.as(caller).get('/monitors?limit=1&offset=1&unknown=1')).body);
      expect(page).toMatchObject({ total: 3, items: [{ id: second.id }] });
      expect([first.id, third.id]).not.toContain(page.items[0]!.id);
    });

    it.each([['limit=0'], ['limit=101'], ['offset=-1'], ['status=deleted'], ['limit=abc']])('refuses %s with 422', async (query) => {
      const response = await world.as(world.editor()).get(`/monitors?${query}`);
      expect(response.status).toBe(422);
    });

    it("answers 404 for another workspace's monitor, and for an id that is no UUID", async () => {
      const monitor = await create(world.editor());
      for (const path of [`/monitors/${monitor.id}`, `/monitors/${monitor.id}/runs`, '/monitors/acme.com']) {
        const response = await world.as(world.editor()).get(path);
        expect(response.status).toBe(404);
        expect(codeOf(response.body)).toBe('NOT_FOUND');
      }
      const changes = [
        world.as(world.editor()).patch(`/monitors/${monitor.id}`, { name: 'mine now' }),
        world.as(world.editor()).delete(`/monitors/${monitor.id}`),
        world.as(world.editor()).post(`/monitors/${monitor.id}/domains`, { domain: 'x.example' }),
        world.as(world.editor()).delete(`/monitors/${monitor.id}/domains/acme.com`),
      ];
      for (const response of await Promise.all(changes)) expect(response.status).toBe(404);
    });
  });

  describe('PATCH /monitors/{id}', () => {
    it('changes only the fields sent and answers 200 with the whole monitor', async () => {
      const caller = world.editor();
      const slackId = await world.createSlackConnection(caller.workspaceId, '#alerts');
      const monitor = await create(caller, { slack_connection_id: slackId, job_opening_filters: { title_keyword: 'Sales' } });
      const response = await world.as(caller).patch(`/monitors/${monitor.id}`, { name: 'Renamed' });
      expect(response.status).toBe(200);
      const updated = monitorSchema.strict().parse(response.body);
      expect(updated).toEqual({ ...monitor, name: 'Renamed', updated_at: updated.updated_at });
      expect(updated.recent_runs).toEqual([]);
      expect(updated.slack_channel).toBe('#alerts');
    });

    it('replaces signal_types whole, and the estimated cost follows', async () => {
      const caller = world.editor();
      const monitor = await create(caller);
      const updated = (await world.as(caller).patch(`/monitors/${monitor.id}`, { signal_types: ['connections', 'financing_events', 'news_events'] })).body;
      expect(updated.signal_types).toEqual(['connections', 'financing_events', 'news_events']);
      expect(updated.estimated_daily_cost).toBe(6);
    });

    it('replaces job_opening_filters whole, and {} clears them', async () => {
      const caller = world.editor();
      const monitor = await create(caller, { job_opening_filters: { title_keyword: 'Sales', seniority: ['head'], categories: ['sales'] } });
      const narrowed = (await world.as(caller).patch(`/monitors/${monitor.id}`, { job_opening_filters: { seniority: ['director'] } })).body;
      expect(narrowed.job_opening_filters).toEqual({ title_keyword: null, seniority: ['director'], categories: [] });
      const cleared = (await world.as(caller).patch(`/monitors/${monitor.id}`, { job_opening_filters: {} })).body;
      expect(cleared.job_opening_filters).toEqual({ title_keyword: null, seniority: [], categories: [] });
    });

    it('keeps the team-chat connection when slack_connection_id is omitted and stops posting on null', async () => {
      const caller = world.editor();
      const slackId = await world.createSlackConnection(caller.workspaceId, '#deals');
      const monitor = await create(caller);
      const connected = (await world.as(caller).patch(`/monitors/${monitor.id}`, { slack_connection_id: slackId })).body;
      expect(connected).toMatchObject({ slack_connection_id: slackId, slack_channel: '#deals' });
      const kept = (await world.as(caller).patch(`/monitors/${monitor.id}`, { name: 'still posting' })).body;
      expect(kept).toMatchObject({ slack_connection_id: slackId, slack_channel: '#deals' });
      const stopped = (await world.as(caller).patch(`/monitors/${monitor.id}`, { slack_connection_id: null })).body;
      expect(stopped).toMatchObject({ slack_connection_id: null, slack_channel: null });
    });

    it('needs webhook_id in the same request to switch to webhook delivery (422 WEBHOOK_REQUIRED), and checks it', async () => {
      const caller = world.editor();
      const webhookId = await world.createWebhook(caller.workspaceId);
      const monitor = await create(caller);
      const missing = await world.as(caller).patch(`/monitors/${monitor.id}`, { delivery_method: 'webhook' });
      expect(missing.status).toBe(422);
      expect(codeOf(missing.body)).toBe('WEBHOOK_REQUIRED');
      const unknown = await world.as(caller).patch(`/monitors/${monitor.id}`, { delivery_method: 'webhook', webhook_id: randomUUID() });
      expect(codeOf(unknown.body)).toBe('WEBHOOK_NOT_FOUND');
      const switched = await world.as(caller).patch(`/monitors/${monitor.id}`, { delivery_method: 'webhook', webhook_id: webhookId });
      expect(switched.status).toBe(200);
      expect(switched.body).toMatchObject({ delivery_method: 'webhook', webhook_id: webhookId });

      const another = await world.createWebhook(caller.workspaceId);
      const moved = await world.as(caller).patch(`/monitors/${monitor.id}`, { webhook_id: another });
      expect(moved.body).toMatchObject({ delivery_method: 'webhook', webhook_id: another });
      const dropped = await world.as(caller).patch(`/monitors/${monitor.id}`, { webhook_id: null });
      expect(codeOf(dropped.body)).toBe('WEBHOOK_REQUIRED');

      const back = await world.as(caller).patch(`/monitors/${monitor.id}`, { delivery_method: 'email' });
      expect(back.body).toMatchObject({ delivery_method: 'email', webhook_id: null });
      const stray = await world.as(caller).patch(`/monitors/${monitor.id}`, { webhook_id: another });
      expect(stray.status).toBe(422);
      expect(stray.body.detail.message).toContain('webhook_id');
    });

    it('pauses and resumes; resuming is refused at 10 active with 409 WORKSPACE_CRON_JOB_LIMIT', async () => {
      const caller = world.editor();
      const paused = await create(caller, { name: 'paused' });
      expect((await world.as(caller).patch(`/monitors/${paused.id}`, { status: 'paused_by_user' })).body.status).toBe('paused_by_user');
      for (let i = 0; i < 10; i += 1) await create(caller, { name: `a${i}` });
      const refused = await world.as(caller).patch(`/monitors/${paused.id}`, { status: 'active' });
      expect(refused.status).toBe(409);
      expect(codeOf(refused.body)).toBe('WORKSPACE_CRON_JOB_LIMIT');
      const active = monitorsPageSchema.parse((await world.as(caller).get('/monitors?status=active&limit=100')).body);
      await world.as(caller).patch(`/monitors/${active.items[0]!.id}`, { status: 'paused_by_user' });
      expect((await world.as(caller).patch(`/monitors/${paused.id}`, { status: 'active' })).body.status).toBe('active');
    });

    it.each([
      ['domains (changed through /domains)', { domains: ['x.example'] }, 'domains'],
      ['status paused_no_credits', { status: 'paused_no_credits' }, 'status'],
      ['an unknown nested field', { job_opening_filters: { keyword: 'x' } }, 'job_opening_filters.keyword'],
      ['an empty signal_types', { signal_types: [] }, 'signal_types'],
    ])('refuses %s with 422 naming the field', async (_label, body, field) => {
      const caller = world.editor();
      const monitor = await create(caller);
      const response = await world.as(caller).patch(`/monitors/${monitor.id}`, body);
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toContain(`"${field}"`);
    });
  });

  describe('domains', () => {
    it('POST /monitors/{id}/domains adds one normalised domain and answers 201 with the monitor', async () => {
      const caller = world.editor();
      const monitor = await create(caller);
      const response = await world.as(caller).post(`/monitors/${monitor.id}/domains`, { domain: 'HTTPS://www.Initech.com/path' });
      expect(response.status).toBe(201);
      const updated = monitorSchema.strict().parse(response.body);
      expect(updated.domains.map((entry) => entry.domain)).toEqual(['acme.com', 'globex.io', 'initech.com']);
      expect(updated.estimated_daily_cost).toBe(6);
      await events.waitFor('monitor.domain.added', (payload) => payload.monitorId === monitor.id && payload.domain === 'initech.com');
    });

    it('refuses a domain the monitor already watches with 409 DOMAIN_ALREADY_ACTIVE', async () => {
      const caller = world.editor();
      const monitor = await create(caller);
      const response = await world.as(caller).post(`/monitors/${monitor.id}/domains`, { domain: 'www.acme.com' });
      expect(response.status).toBe(409);
      expect(codeOf(response.body)).toBe('DOMAIN_ALREADY_ACTIVE');
    });

    it.each([
      ['an invalid domain', { domain: 'acme' }, 'domain'],
      ['an unknown field', { domain: 'a.example', note: 'x' }, 'note'],
      ['no domain', {}, 'domain'],
    ])('refuses %s with 422', async (_label, body, field) => {
      const caller = world.editor();
      const monitor = await create(caller);
      const response = await world.as(caller).post(`/monitors/${monitor.id}/domains`, body);
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toContain(`"${field}"`);
    });

    it('DELETE /monitors/{id}/domains/{domain} removes it (204), normalising the path, and announces it', async () => {
      const caller = world.editor();
      const monitor = await create(caller);
      const response = await world.as(caller).delete(`/monitors/${monitor.id}/domains/WWW.ACME.COM`);
      expect(response.status).toBe(204);
      const after = (await world.as(caller).get(`/monitors/${monitor.id}`)).body;
      expect(after.domains.map((entry: { domain: string }) => entry.domain)).toEqual(['globex.io']);
      expect(after.estimated_daily_cost).toBe(2);
      await events.waitFor('monitor.domain.removed', (payload) => payload.monitorId === monitor.id && payload.domain === 'acme.com');
      const again = await world.as(caller).delete(`/monitors/${monitor.id}/domains/acme.com`);
      expect(again.status).toBe(404);
    });

    it.each(['a%00.com', '%00', '%00a.com', '%20%00'])(
      'DELETE /monitors/{id}/domains/%s (a NUL in the domain) is 422 naming domain, and removes nothing',
      async (domain) => {
        const caller = world.editor();
        const monitor = await create(caller);
        const response = await world.as(caller).delete(`/monitors/${monitor.id}/domains/${domain}`);
        expect(response.status).toBe(422);
        expect(response.body.detail.message).toContain('path field "domain": must not contain a NUL character');
        expect(response.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'domain' })]);
        expect((await world.as(caller).get(`/monitors/${monitor.id}`)).body.domains).toHaveLength(2);
      },
    );

    it('answers a NUL in a monitor or run id with 404 NOT_FOUND: such a path names nothing', async () => {
      const caller = world.editor();
      const monitor = await create(caller);
      for (const path of ['/monitors/%00', `/monitors/${monitor.id}%00/runs`, `/monitors/${monitor.id}/runs/%00`]) {
        const response = await world.as(caller).get(path);
        expect(response.status).toBe(404);
        expect(codeOf(response.body)).toBe('NOT_FOUND');
      }
      expect((await world.as(caller).delete(`/monitors/%00/domains/acme.com`)).status).toBe(404);
    });

    it('refuses a field in the body of a DELETE with 422 naming it, and deletes nothing', async () => {
      const caller = world.editor();
      const monitor = await create(caller);
      const response = await world.as(caller).delete(`/monitors/${monitor.id}/domains/acme.com`).send({ force: true });
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toContain('body field "force": unknown field');
      const whole = await world.as(caller).delete(`/monitors/${monitor.id}`).send({ cascade: true });
      expect(whole.status).toBe(422);
      expect((await world.as(caller).get(`/monitors/${monitor.id}`)).body.domains).toHaveLength(2);
    });
  });

  describe('DELETE /monitors/{id}', () => {
    it('deletes the monitor (204), announces its domains removed, and it is gone', async () => {
      const caller = world.editor();
      const monitor = await create(caller);
      expect((await world.as(caller).delete(`/monitors/${monitor.id}`)).status).toBe(204);
      expect((await world.as(caller).get(`/monitors/${monitor.id}`)).status).toBe(404);
      const removed = await events.waitFor('monitor.domain.removed', (payload) => payload.monitorId === monitor.id, 2);
      expect(removed.map((payload) => payload.domain).sort()).toEqual(['acme.com', 'globex.io']);
    });
  });
});
