import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { SIGNAL_EXPORT_COLUMNS, leadsPageSchema, leadsSummarySchema, signalsPageSchema, signalsSummarySchema, type LeadsPage, type SignalsPage } from '@radar/contracts';
import { createToken, workspaceWithToken } from '../src/operator-world';
import { callApi } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { startStack, type E2eStack } from '../src/stack/e2e-stack';
import { eventually } from '@radar/platform/testing';

/** The provider's dataset for this stack: 3,000 companies, so 300 followed (the feed reads them in seconds). */
const PROVIDER_DATASET = { DATASET_COMPANIES: '3000', DATASET_SEED: '1' };

interface Monitor {
  id: string;
}

interface RunSummary {
  status: string;
  new_items_total: number;
}

/** A webhook receiver on loopback that accepts every delivery. */
async function startReceiver() {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first answer of `read` that is `done`. */
const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> =>
  eventually(
    async () => {
      const value = await read();
      return done(value) ? value : undefined;
    },
    'the stack to settle',
    timeoutMs,
  );

describe('signals and leads through the stack: gateway, signal-ingest, monitor-scheduler, webhook-dispatch and provider-sim', () => {
  let stack: E2eStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let reader: string;
  let otherReader: string;
  let domain: string;
  let monitor: Monitor;
  let run: RunSummary;

  const get = async <T>(path: string, token: string, parse: (body: unknown) => T): Promise<T> => {
    const response = await callApi(stack, 'GET', path, token);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return parse(response.body);
  };
  const leads = (query: string, token = reader): Promise<LeadsPage> => get(`/leads${query}`, token, (body) => leadsPageSchema.parse(body));
  const signals = (query: string, token = reader): Promise<SignalsPage> => get(`/signals${query}`, token, (body) => signalsPageSchema.parse(body));

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack({ serviceEnv: { 'provider-sim': PROVIDER_DATASET, 'signal-ingest': { LEADS_FEED_ENABLED: 'true' } } });
    const world = await workspaceWithToken(stack, { credits: 100, scope: 'read' });
    reader = world.token.token;
    const writer = (await createToken(stack, world.owner_user_id, 'read_write')).token;
    otherReader = (await workspaceWithToken(stack, { scope: 'read' })).token.token;

    // signal-ingest reads the provider's followed companies at start.
    const summary = await until(
      () => get('/leads/summary', reader, (body) => leadsSummarySchema.parse(body)),
      (value) => value.companies_followed === 300,
      60_000,
    );
    expect(summary.companies_followed).toBe(300);
    domain = (await leads('?days=365&limit=1')).items[0]!.domain;

    const { webhook_id: webhookId } = await radar<{ webhook_id: string }>(stack, 'webhook', 'create', '--workspace', world.workspace_id, '--url', receiver.url);
    const created = await callApi<Monitor>(stack, 'POST', '/monitors', writer, {
      name: 'Followed company',
      signal_types: ['job_openings', 'financing_events', 'news_events', 'connections'],
      delivery_method: 'webhook',
      webhook_id: webhookId,
      domains: [domain],
    });
    expect(created.status).toBe(201);
    monitor = created.body;
    run = (await radar<{ runs: RunSummary[] }>(stack, 'monitors', 'run', '--monitor', monitor.id)).runs[0]!;
    expect(run.new_items_total).toBeGreaterThan(0);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  }, 60_000);

  it('lists the signals the run delivered, newest first, in the workspace that owns them only', async () => {
    const page = await signals('?limit=200');
    expect(page.total).toBe(run.new_items_total);
    expect(page.items.every((item) => item.domain === domain && item.cron_job_id === monitor.id && item.cron_job_name === 'Followed company')).toBe(true);
    const fired = page.items.map((item) => item.fired_at);
    expect(fired).toEqual([...fired].sort().reverse());
    expect((await signals('?signal_type=news_events')).total).toBe(page.items.filter((item) => item.signal_type === 'news_events').length);
    expect((await signals('', otherReader)).total).toBe(0);
    expect((await signals(`?monitor_id=${monitor.id}`, otherReader)).total).toBe(0);

    const summary = await get('/signals/summary', reader, (body) => signalsSummarySchema.parse(body));
    expect(summary.total).toBe(page.total);
    expect(summary.last_24h).toBe(page.total);
    expect(summary.by_family.reduce((sum, entry) => sum + entry.count, 0) + summary.unclassified).toBe(page.total);
  });

  it('fills each signal with its webhook delivery outcome once webhook-dispatch delivered it', async () => {
    const delivered = await until(
      () => signals('?limit=200'),
      (page) => page.items.every((item) => item.delivery_status === 'delivered'),
      60_000,
    );
    for (const item of delivered.items) expect(item).toMatchObject({ delivery_method: 'webhook', delivery_status: 'delivered', response_status: 200, webhook_delivery_id: expect.any(String) });
    expect(receiver.received()).toBeGreaterThanOrEqual(run.new_items_total);
  });

  it('exports the signals as CSV through the gateway, with its own rate-limit bucket', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/v1/signals/export?signal_type=news_events&limit=1`, { headers: { authorization: `Bearer ${reader}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="signals-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('30');
    const rows = parse(await response.text()) as string[][];
    expect(rows[0]).toEqual([...SIGNAL_EXPORT_COLUMNS]);
    const news = await signals('?signal_type=news_events&limit=200');
    expect(rows.slice(1).map((row) => row[10])).toEqual(news.items.map((item) => item.pl_item_id));
  });

  it('shares one rate-limit bucket between the signals list and summary, and one between the leads list and summary', async () => {
    const remaining = async (path: string) => {
      const response = await callApi(stack, 'GET', path, reader);
      expect(response.headers.get('x-ratelimit-limit')).toBe('120');
      return Number(response.headers.get('x-ratelimit-remaining'));
    };
    const signalsBefore = await remaining('/signals');
    expect(await remaining('/signals/summary')).toBe(signalsBefore - 1);
    const leadsBefore = await remaining('/leads');
    expect(await remaining('/leads/summary')).toBe(leadsBefore - 1);
  });

  it('marks the company the monitor watches in the leads feed, and hides it with hide_watched, for that workspace only', async () => {
    const mine = await until(() => leads(`?domain=${domain}&days=365`), (page) => page.items[0]?.watched === true, 15_000);
    expect(mine.items[0]!.watched).toBe(true);
    const all = await leads('?days=365&limit=1');
    const hidden = await leads('?days=365&limit=1&hide_watched=true');
    expect(hidden.total).toBe(all.total - 1);
    expect((await leads(`?domain=${domain}&days=365&hide_watched=true`)).total).toBe(0);
    const theirs = await leads(`?domain=${domain}&days=365`, otherReader);
    expect(theirs.items[0]!.watched).toBe(false);
    expect((await leads('?days=365&limit=1&hide_watched=true', otherReader)).total).toBe(all.total);
  });

  it('answers bad parameters with 422 in the envelope through the gateway', async () => {
    for (const path of ['/signals?family=weather', '/signals/summary?since=2026-02-30', '/leads?days=0', '/leads/summary?hide_watched=yes']) {
      const response = await callApi<{ detail: { code: string } }>(stack, 'GET', path, reader);
      expect(response.status).toBe(422);
      expect(response.body.detail.code).toBe('VALIDATION_ERROR');
    }
  });
});
