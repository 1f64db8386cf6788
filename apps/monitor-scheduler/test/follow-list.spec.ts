import { randomUUID } from 'node:crypto';
import { errorEnvelopeSchema, monitorSchema } from '@radar/contracts';
import { generateCompanies } from '@radar/dataset';
import { CheckResponder } from './support/check-responder';
import { EventLog } from './support/event-log';
import { startMonitorWorld, type MonitorWorld } from './support/monitor-world';
import { createMonitor, daysAgo, getMonitor, runMonitors } from './support/run-helpers';

const SEED = 11;
const COUNT = 20;

describe('list-following monitors (radar monitor follow-list)', () => {
  const companies = [...generateCompanies({ seed: SEED, count: COUNT })];
  let world: MonitorWorld;
  let responder: CheckResponder;
  let events: EventLog;

  beforeAll(async () => {
    world = await startMonitorWorld({ withSearch: true });
    expect((await world.searchOperator('/dataset/load', { companies: COUNT, seed: SEED })).status).toBe(200);
    responder = await CheckResponder.start(world.namespace);
    events = await EventLog.start(world.namespace, ['monitor.domain.added', 'monitor.domain.removed']);
  });
  afterAll(async () => {
    await events.stop();
    await responder.stop();
    await world.close();
  });

  const createList = async (workspaceId: string, name: string, picked: readonly number[]): Promise<string> => {
    const response = await world.searchOperator('/lists', { workspace_id: workspaceId, name, company_ids: picked.map((i) => companies[i]!.company_id) });
    expect(response.status).toBe(201);
    return response.body.list_id as string;
  };
  const followList = (body: Record<string, unknown>) => world.operator('/monitors/follow-list', body);

  it("creates an active monitor of the list's companies, named after the list, and announces its domains", async () => {
    const caller = world.editor();
    const listId = await createList(caller.workspaceId, 'Key accounts', [0, 1, 2]);
    const response = await followList({ workspace_id: caller.workspaceId, list_id: listId, name: 'Key account news', signal_types: ['news_events', 'financing_events'] });
    expect(response.status).toBe(201);
    const monitor = monitorSchema.strict().parse(response.body);
    expect(monitor).toMatchObject({
      workspace_id: caller.workspaceId,
      created_by: null,
      name: 'Key account news',
      list_id: listId,
      list_name: 'Key accounts',
      status: 'active',
      delivery_method: 'email',
      signal_types: ['news_events', 'financing_events'],
      estimated_daily_cost: 6,
    });
    expect(monitor.domains.map((entry) => entry.domain).sort()).toEqual([0, 1, 2].map((i) => companies[i]!.domain).sort());
    await events.waitFor('monitor.domain.added', (payload) => payload.monitorId === monitor.id, 3);
    expect((await getMonitor(world, caller, monitor.id)).list_id).toBe(listId);
  });

  it('refuses company changes on it with 409 DOMAINS_FOLLOW_LIST', async () => {
    const caller = world.editor();
    const listId = await createList(caller.workspaceId, 'Targets', [3]);
    const monitor = monitorSchema.parse((await followList({ workspace_id: caller.workspaceId, list_id: listId, name: 'm', signal_types: ['news_events'] })).body);
    for (const response of [
      await world.as(caller).post(`/monitors/${monitor.id}/domains`, { domain: 'new.example' }),
      await world.as(caller).delete(`/monitors/${monitor.id}/domains/${companies[3]!.domain}`),
    ]) {
      expect(response.status).toBe(409);
      expect(errorEnvelopeSchema.parse(response.body).detail.code).toBe('DOMAINS_FOLLOW_LIST');
    }
    expect((await world.as(caller).patch(`/monitors/${monitor.id}`, { name: 'renamed' })).status).toBe(200);
  });

  it("watches the list's companies as they are at each run", async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 100);
    const listId = await createList(caller.workspaceId, 'Growing', [4, 5]);
    const monitor = monitorSchema.parse((await followList({ workspace_id: caller.workspaceId, list_id: listId, name: 'g', signal_types: ['news_events'] })).body);
    const [first] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(3) });
    expect(first).toMatchObject({ domains_total: 2, status: 'success' });

    expect((await world.searchOperator(`/lists/${listId}/companies`, { company_ids: [6, 7].map((i) => companies[i]!.company_id) })).status).toBe(200);
    const [second] = await runMonitors(world, { monitor_id: monitor.id, date: daysAgo(2) });
    expect(second).toMatchObject({ domains_total: 4, domains_processed: 4, credits_charged: 4 });
    expect(responder.requestsOf(second!.id).map((request) => request.domain).sort()).toEqual([4, 5, 6, 7].map((i) => companies[i]!.domain).sort());
    const after = await getMonitor(world, caller, monitor.id);
    expect(after.domains.map((entry) => entry.domain).slice(2).sort()).toEqual([6, 7].map((i) => companies[i]!.domain).sort());
    expect(after.estimated_daily_cost).toBe(4);
    await events.waitFor('monitor.domain.added', (payload) => payload.monitorId === monitor.id, 4);
  });

  it.each([
    ['a list of another workspace', async () => ({ workspace_id: randomUUID(), list_id: await createList(randomUUID(), 'theirs', [8]) })],
    ['an unknown list', async () => ({ workspace_id: randomUUID(), list_id: randomUUID() })],
  ])('answers %s with 404 NOT_FOUND', async (_label, ids) => {
    const response = await followList({ ...(await ids()), name: 'x', signal_types: ['news_events'] });
    expect(response.status).toBe(404);
    expect(errorEnvelopeSchema.parse(response.body).detail.code).toBe('NOT_FOUND');
  });

  it.each([
    ['an unknown signal type', { signal_types: ['gossip'] }],
    ['no signal type', { signal_types: [] }],
    ['an unknown field', { delivery_method: 'webhook' }],
  ])('refuses %s with 422', async (_label, overrides) => {
    const caller = world.editor();
    const listId = await createList(caller.workspaceId, 'l', [9]);
    const response = await followList({ workspace_id: caller.workspaceId, list_id: listId, name: 'x', signal_types: ['news_events'], ...overrides });
    expect(response.status).toBe(422);
  });

  it('counts against the 10 active monitors (409 WORKSPACE_CRON_JOB_LIMIT)', async () => {
    const caller = world.editor();
    for (let i = 0; i < 10; i += 1) await createMonitor(world, caller, { name: `m${i}`, domains: ['a.example'] });
    const listId = await createList(caller.workspaceId, 'one more', [10]);
    const response = await followList({ workspace_id: caller.workspaceId, list_id: listId, name: 'x', signal_types: ['news_events'] });
    expect(response.status).toBe(409);
    expect(errorEnvelopeSchema.parse(response.body).detail.code).toBe('WORKSPACE_CRON_JOB_LIMIT');
  });

  it('needs the operator secret', async () => {
    const response = await world.as(world.editor()).post('/operator/v1/monitors/follow-list', {});
    expect(response.status).toBe(401);
  });
});
