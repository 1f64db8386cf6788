import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routeOf } from '@radar/api-spec';
import { listAll, searchPages, unwrap, type Monitor, type RadarClient } from '@radar/client';
import { PUBLIC_ROUTES } from '@radar/contracts';
import { generateCompany } from '@radar/dataset';
import { JSON_BODY_LIMIT_BYTES } from '@radar/platform/http';
import { CHROMIUM_PATH, chromiumInstalled, launchChromium } from '../src/browser/chromium';
import { AnswerRecorder } from '../src/openapi/answer-recorder';
import { OpenApiResponseValidator } from '../src/openapi/response-validator';
import { createToken, createUser, createWorkspace } from '../src/operator-world';
import { apiClient } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { REPOSITORY_ROOT } from '../src/repository-root';
import { useStack } from '../src/stack/use-stack';

type Document = { paths: Record<string, Record<string, { operationId: string; summary: string; responses: Record<string, unknown> }>> } & Record<string, unknown>;

/** Companies of the stack provider's dataset (seed 1): the provider has their events. */
const WATCHED = [generateCompany(1, 32), generateCompany(1, 33)];
const NOWHERE = { countries: ['Atlantis'] };
/** Screenshots of the reference page, kept after the run (.radar/ is not committed). */
const ARTIFACTS = path.join(REPOSITORY_ROOT, '.radar/artifacts');

/** Every operation of the document as `METHOD /path/{template}`. */
const operationsOf = (document: Document): string[] =>
  Object.entries(document.paths).flatMap(([template, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every endpoint of the public interface through the whole stack, called with the typed client:
 * each answer (successes and the main errors) is recorded and, at the end, checked against the
 * OpenAPI document the gateway serves, with an independent validator (ajv, JSON Schema 2020-12).
 */
describe('the OpenAPI document against the real answers of every endpoint', () => {
  // The leads feed on, over a small provider dataset (300 followed companies, read in seconds).
  const stack = useStack({
    serviceEnv: { 'provider-sim': { DATASET_COMPANIES: '3000', DATASET_SEED: '1' }, 'signal-ingest': { LEADS_FEED_ENABLED: 'true' } },
  });
  const recorder = new AnswerRecorder();
  let document: Document;
  const client = (token?: string): RadarClient => {
    const typed = apiClient(stack(), token);
    typed.use(recorder.middleware);
    return typed;
  };

  let workspaceId: string;
  let reader: RadarClient;
  let writer: RadarClient;
  let member: RadarClient;
  let receiver: Server;
  let webhookId: string;

  beforeAll(async () => {
    await radar(stack(), 'dataset', 'load', '--companies', '300', '--seed', '1');
    const workspace = await createWorkspace(stack(), 'OpenAPI Inc', 100_000);
    workspaceId = workspace.workspace_id;
    reader = client((await createToken(stack(), workspace.owner_user_id, 'read')).token);
    writer = client((await createToken(stack(), workspace.owner_user_id, 'read_write')).token);
    const memberId = await createUser(stack(), workspaceId, 'member');
    member = client((await createToken(stack(), memberId, 'read_write')).token);
    receiver = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/radar`;
    ({ webhook_id: webhookId } = await radar<{ webhook_id: string }>(stack(), 'webhook', 'create', '--workspace', workspaceId, '--url', hook));
  }, 120_000);

  afterAll(async () => {
    if (!receiver) return;
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('is served without a token, is the document the typed client was generated from, and is valid OpenAPI 3.1', async () => {
    const served = await unwrap(client().GET('/openapi.json'));
    document = served as Document;
    const committed = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'libs/client/openapi.json'), 'utf8')) as unknown;
    expect(served).toEqual(committed);

    const directory = mkdtempSync(path.join(tmpdir(), 'radar-openapi-'));
    try {
      writeFileSync(path.join(directory, 'openapi.json'), JSON.stringify(served));
      const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
      expect(JSON.parse(execFileSync(process.execPath, [cli, path.join(directory, 'openapi.json')], { encoding: 'utf8' }))).toEqual({ valid: true });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  const browserTest = chromiumInstalled() ? it : it.skip;
  const browserNote = chromiumInstalled() ? '' : ` (skipped: ${CHROMIUM_PATH} is not installed; apt-get install -y chromium)`;

  browserTest(`renders the reference at /docs in headless Chromium with every endpoint, from the gateway's own assets${browserNote}`, async () => {
    const browser = await launchChromium();
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      const requested: string[] = [];
      const failures: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') failures.push(message.text());
      });
      await page.goto(`${stack().gatewayUrl}/docs`);
      const summaries = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.summary));
      await page.getByText(summaries[0]!, { exact: true }).first().waitFor({ timeout: 30_000 });
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'api-reference.png') });

      const shown = await page.locator('body').innerText();
      expect(summaries.filter((summary) => !shown.includes(summary))).toEqual([]);
      await page.getByText('Create an export', { exact: true }).first().click();
      await page.getByText('Idempotency-Key', { exact: true }).first().waitFor({ timeout: 15_000 });
      await page.screenshot({ path: path.join(ARTIFACTS, 'api-reference-create-export.png') });

      expect(failures).toEqual([]);
      const origin = new URL(stack().gatewayUrl).origin;
      expect([...new Set(requested.map((url) => new URL(url).origin))].filter((other) => other !== origin && other !== 'null')).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);

  it('describes every route the gateway serves, and every operation it describes is served by one', () => {
    const described = operationsOf(document).map((operation) => {
      const [method, template] = operation.split(' ') as [string, string];
      return { operation, route: routeOf({ method: method as 'GET', path: template }) };
    });
    const undescribed = PUBLIC_ROUTES.filter((route) => !described.some((entry) => entry.route === route));
    expect(undescribed.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    expect(described.filter((entry) => !entry.route && entry.operation !== 'GET /openapi.json').map((entry) => entry.operation)).toEqual([]);
  });

  it('companies: search paged to the end with the cursor helper, counts, a company and its postings, and their refusals', async () => {
    const ids = new Set<string>();
    let pages = 0;
    for await (const page of searchPages(reader, { sort_by: 'name', sort_order: 'asc', limit: 100 })) {
      pages += 1;
      for (const found of page.items) ids.add(found.company_id);
    }
    expect({ pages, companies: ids.size }).toEqual({ pages: 3, companies: 300 });
    const first = await unwrap(reader.POST('/companies/search', { body: { query: 'software', limit: 5 } }));
    expect(first.next_cursor).not.toBeNull();
    expect((await reader.POST('/companies/search', { body: { cursor: first.next_cursor!, sort_by: 'name' } })).error?.detail.code).toBe('CURSOR_SORT_MISMATCH');
    expect((await reader.POST('/companies/search', { body: { cursor: 'forged' } })).error?.detail.code).toBe('INVALID_CURSOR');
    expect((await reader.POST('/companies/search', { body: { limit: 101 } })).response.status).toBe(422);

    expect((await unwrap(reader.POST('/companies/counts', { body: {} }))).total).toBe(300);
    expect((await reader.POST('/companies/counts', { body: { limit: 5 } as never })).response.status).toBe(422);

    const companyId = first.items[0]!.company_id;
    const seed = first.items[0]!;
    const lookup = await unwrap(reader.POST('/companies/lookup', { body: { items: [{ ref: 'crm-1', domain: `https://www.${seed.domain}/about` }, { ref: 'crm-2' }] } }));
    expect(lookup.items.map((item) => item.status)).toEqual(['matched', 'invalid']);
    expect((await reader.POST('/companies/lookup', { body: { items: [] } })).response.status).toBe(422);
    const similar = await unwrap(reader.POST('/companies/similar', { body: { company_ids: [companyId], limit: 5 } }));
    expect(similar.items.map((item) => item.company_id)).not.toContain(companyId);
    expect((await reader.POST('/companies/similar', { body: { company_ids: [companyId, companyId] } })).response.status).toBe(422);
    expect((await unwrap(reader.GET('/companies/{company_id}', { params: { path: { company_id: companyId } } }))).company_id).toBe(companyId);
    expect((await reader.GET('/companies/{company_id}', { params: { path: { company_id: 'acme.com' } } })).response.status).toBe(404);
    const withPostings = [...ids].slice(0, 20);
    let postings = 0;
    for (const id of withPostings) {
      postings += (await unwrap(reader.GET('/companies/{company_id}/job-postings', { params: { path: { company_id: id }, query: { page_size: 50 } } }))).total;
    }
    expect(postings).toBeGreaterThan(0);
    expect((await reader.GET('/companies/{company_id}/job-postings', { params: { path: { company_id: randomUUID() } } })).response.status).toBe(404);
    expect((await reader.GET('/companies/{company_id}/job-postings', { params: { path: { company_id: companyId }, query: { page_size: 51 } } })).response.status).toBe(422);
  });

  it('credits: the balance', async () => {
    expect(await unwrap(reader.GET('/credits'))).toMatchObject({ workspace_id: workspaceId, balance: 100_000 });
  });

  it('exports: preview, create (charged, replayed by its Idempotency-Key), poll, list, download, and their refusals', async () => {
    const body = { name: 'OpenAPI export', source_type: 'search' as const, search_filters: { keywords: ['software'] }, sort_by: 'name' as const, export_format: 'json' as const };
    const preview = await unwrap(reader.POST('/exports/preview', { body }));
    expect(preview.cost).toBe(preview.new_count);
    expect((await reader.POST('/exports/preview', { body: { search_filters: NOWHERE } })).error?.detail.code).toBe('no_candidates');
    expect((await reader.POST('/exports/preview', { body: { colour: 'red' } as never })).response.status).toBe(422);

    const key = { 'Idempotency-Key': `openapi-${randomUUID()}` };
    const created = await unwrap(writer.POST('/exports', { body, params: { header: key } }));
    const replayed = await unwrap(writer.POST('/exports', { body, params: { header: key } }));
    expect(replayed.export_job.id).toBe(created.export_job.id);
    expect((await writer.POST('/exports', { body: { ...body, name: 'other' }, params: { header: key } })).error?.detail.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await reader.POST('/exports', { body })).error?.detail.code).toBe('INSUFFICIENT_SCOPE');
    expect((await writer.POST('/exports', { body: { name: 'none', search_filters: NOWHERE } })).error?.detail.code).toBe('no_candidates');

    const exportPath = { params: { path: { export_id: created.export_job.id } } };
    let status = created.export_job.status;
    for (let poll = 0; poll < 60 && status !== 'completed' && status !== 'failed'; poll++) {
      // Asked before the file exists, a download is 400 EXPORT_NOT_READY; later it is a URL.
      await reader.POST('/exports/{export_id}/download', exportPath);
      await sleep(500);
      status = (await unwrap(reader.GET('/exports/{export_id}', exportPath))).status;
    }
    expect(status).toBe('completed');
    const download = await unwrap(reader.POST('/exports/{export_id}/download', exportPath));
    expect((await fetch(download.download_url)).status).toBe(200);
    const listed: string[] = [];
    for await (const job of listAll.exports(reader, { limit: 1 })) listed.push(job.id);
    expect(listed).toEqual([created.export_job.id]);
    expect((await reader.GET('/exports', { params: { query: { limit: 101 } } })).response.status).toBe(422);
    expect((await reader.GET('/exports/{export_id}', { params: { path: { export_id: randomUUID() } } })).response.status).toBe(404);
    expect((await reader.POST('/exports/{export_id}/download', { params: { path: { export_id: randomUUID() } } })).response.status).toBe(404);

    const broke = await createWorkspace(stack(), 'OpenAPI Broke', 0);
    const brokeWriter = client((await createToken(stack(), broke.owner_user_id, 'read_write')).token);
    const refused = await brokeWriter.POST('/exports', { body });
    expect(refused.response.status).toBe(402);
    expect(refused.error?.detail).toMatchObject({ code: 'insufficient_balance', details: { balance: 0 } });
  }, 90_000);

  it('monitors: create, read, change, domains, a run and its checks, the active limit, deletion, and their refusals', async () => {
    const created = await unwrap(
      writer.POST('/monitors', {
        body: {
          name: 'OpenAPI accounts',
          signal_types: ['news_events', 'job_openings'],
          delivery_method: 'webhook',
          webhook_id: webhookId,
          domains: WATCHED.map((company) => company.domain),
          job_opening_filters: { categories: ['engineering'] },
        },
      }),
    );
    const monitorPath = { params: { path: { monitor_id: created.id } } };
    expect((await writer.POST('/monitors', { body: { name: 'x', signal_types: ['news_events'], domains: ['a.example'], delivery_method: 'webhook' } })).error?.detail.code).toBe('WEBHOOK_REQUIRED');
    expect(
      (await writer.POST('/monitors', { body: { name: 'x', signal_types: ['news_events'], domains: ['a.example'], delivery_method: 'webhook', webhook_id: randomUUID() } })).error?.detail.code,
    ).toBe('WEBHOOK_NOT_FOUND');
    expect((await reader.POST('/monitors', { body: { name: 'x', signal_types: ['news_events'], domains: ['a.example'] } })).error?.detail.code).toBe('INSUFFICIENT_SCOPE');
    expect((await member.PATCH('/monitors/{monitor_id}', { ...monitorPath, body: { name: 'mine' } })).error?.detail.code).toBe('WORKSPACE_EDIT_FORBIDDEN');

    expect((await unwrap(reader.GET('/monitors/{monitor_id}', monitorPath))).domains).toHaveLength(2);
    expect((await unwrap(reader.GET('/monitors', { params: { query: { status: 'active' } } }))).total).toBe(1);
    expect((await reader.GET('/monitors/{monitor_id}', { params: { path: { monitor_id: randomUUID() } } })).response.status).toBe(404);
    expect((await reader.GET('/monitors', { params: { query: { limit: 0 } } })).response.status).toBe(422);
    expect((await unwrap(writer.PATCH('/monitors/{monitor_id}', { ...monitorPath, body: { name: 'OpenAPI accounts (renamed)' } }))).name).toBe('OpenAPI accounts (renamed)');
    expect((await writer.PATCH('/monitors/{monitor_id}', { ...monitorPath, body: { colour: 'red' } as never })).response.status).toBe(422);
    expect((await unwrap(writer.POST('/monitors/{monitor_id}/domains', { ...monitorPath, body: { domain: 'https://www.Example.org/about' } }))).domains).toHaveLength(3);
    expect((await writer.POST('/monitors/{monitor_id}/domains', { ...monitorPath, body: { domain: 'example.org' } })).error?.detail.code).toBe('DOMAIN_ALREADY_ACTIVE');
    const domainPath = (domain: string) => ({ params: { path: { monitor_id: created.id, domain } } });
    expect((await writer.DELETE('/monitors/{monitor_id}/domains/{domain}', domainPath('example.org'))).response.status).toBe(204);
    expect((await writer.DELETE('/monitors/{monitor_id}/domains/{domain}', domainPath('example.org'))).response.status).toBe(404);

    const { runs } = await radar<{ runs: { id: string }[] }>(stack(), 'monitors', 'run', '--monitor', created.id);
    const runPath = { params: { path: { monitor_id: created.id, run_id: runs[0]!.id } } };
    const detail = await unwrap(reader.GET('/monitors/{monitor_id}/runs/{run_id}', runPath));
    expect(detail.run_domains).toHaveLength(4);
    const listedRuns: string[] = [];
    for await (const run of listAll.monitorRuns(reader, created.id)) listedRuns.push(run.id);
    expect(listedRuns).toEqual([runs[0]!.id]);
    expect((await reader.GET('/monitors/{monitor_id}/runs', { ...monitorPath, params: { ...monitorPath.params, query: { limit: 201 } } })).response.status).toBe(422);
    expect((await reader.GET('/monitors/{monitor_id}/runs/{run_id}', { params: { path: { monitor_id: created.id, run_id: randomUUID() } } })).response.status).toBe(404);

    // Ten active monitors at most: an admin fills the workspace up, the eleventh is refused.
    const adminId = await createUser(stack(), workspaceId, 'admin');
    const admin = client((await createToken(stack(), adminId, 'read_write')).token);
    const extra: Monitor[] = [];
    for (let n = 0; n < 9; n++) extra.push(await unwrap(admin.POST('/monitors', { body: { name: `Filler ${n}`, signal_types: ['news_events'], domains: [`filler-${n}.example`] } })));
    expect((await admin.POST('/monitors', { body: { name: 'Eleventh', signal_types: ['news_events'], domains: ['eleven.example'] } })).error?.detail.code).toBe('WORKSPACE_CRON_JOB_LIMIT');
    for (const monitor of extra) expect((await admin.DELETE('/monitors/{monitor_id}', { params: { path: { monitor_id: monitor.id } } })).response.status).toBe(204);
    expect((await admin.DELETE('/monitors/{monitor_id}', { params: { path: { monitor_id: extra[0]!.id } } })).response.status).toBe(404);

    // A monitor paused for lack of credits cannot be resumed by hand.
    const broke = await createWorkspace(stack(), 'OpenAPI Paused', 0);
    const brokeWriter = client((await createToken(stack(), broke.owner_user_id, 'read_write')).token);
    const paused = await unwrap(brokeWriter.POST('/monitors', { body: { name: 'Unfunded', signal_types: ['news_events'], domains: [WATCHED[0]!.domain] } }));
    await radar(stack(), 'monitors', 'run', '--monitor', paused.id);
    const pausedPath = { params: { path: { monitor_id: paused.id } } };
    expect((await unwrap(brokeWriter.GET('/monitors/{monitor_id}', pausedPath))).status).toBe('paused_no_credits');
    expect((await brokeWriter.PATCH('/monitors/{monitor_id}', { ...pausedPath, body: { status: 'active' } })).error?.detail.code).toBe('STATUS_TRANSITION_FORBIDDEN');
  }, 120_000);

  it('signals: the list through the offset helper, the summary, the CSV export, and their refusals', async () => {
    const delivered: string[] = [];
    for await (const signal of listAll.signals(reader, { limit: 5 })) delivered.push(signal.id);
    expect(delivered.length).toBeGreaterThan(0);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect((await unwrap(reader.GET('/signals/summary'))).total).toBe(delivered.length);
    const csv = await reader.GET('/signals/export', { parseAs: 'text' });
    expect(csv.response.status).toBe(200);
    expect(String(csv.data).split('\r\n')[0]).toMatch(/^fired_at_utc,signal_type,company_domain,/);
    expect((await reader.GET('/signals', { params: { query: { family: 'weather' as never } } })).response.status).toBe(422);
    expect((await reader.GET('/signals/summary', { params: { query: { since: '2026-02-30' } } })).response.status).toBe(422);
    expect((await reader.GET('/signals/export', { params: { query: { until: 'yesterday' } }, parseAs: 'text' })).response.status).toBe(422);
  });

  it('webhooks: the list, the delivery log, a delivery with its attempts, redeliver, replay, a test event, and their refusals', async () => {
    expect((await unwrap(reader.GET('/webhooks'))).items.map((webhook) => webhook.id)).toEqual([webhookId]);
    const webhookPath = { params: { path: { webhook_id: webhookId } } };
    let page = await unwrap(reader.GET('/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: webhookId }, query: { limit: 5 } } }));
    for (let poll = 0; poll < 60 && !page.items.some((item) => item.status === 'delivered'); poll++) {
      await sleep(500);
      page = await unwrap(reader.GET('/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: webhookId }, query: { limit: 5 } } }));
    }
    const delivery = page.items.find((item) => item.status === 'delivered')!;
    const deliveryPath = { params: { path: { webhook_id: webhookId, delivery_id: delivery.id } } };
    expect((await unwrap(reader.GET('/webhooks/{webhook_id}/deliveries/{delivery_id}', deliveryPath))).attempts.length).toBeGreaterThan(0);
    expect((await unwrap(writer.POST('/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', deliveryPath))).status).toBe('pending');
    const busy = await writer.POST('/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', deliveryPath);
    expect(busy.error?.detail.code).toBe('DELIVERY_IN_PROGRESS');
    const day = new Date().toISOString().slice(0, 10);
    expect(await unwrap(writer.POST('/webhooks/{webhook_id}/replay', { ...webhookPath, body: { since: day, until: day, status: 'failed' } }))).toEqual({ queued: 0, skipped: 0 });
    expect((await unwrap(writer.POST('/webhooks/{webhook_id}/test', webhookPath))).response_status).toBe(204);
    expect((await reader.GET('/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: randomUUID() } } })).response.status).toBe(404);
    expect((await reader.GET('/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: webhookId }, query: { limit: 0 } } })).response.status).toBe(422);
    expect((await writer.POST('/webhooks/{webhook_id}/replay', { ...webhookPath, body: { since: day } as never })).response.status).toBe(422);
    expect((await member.POST('/webhooks/{webhook_id}/test', webhookPath)).response.status).toBe(403);
  });

  it('leads: the feed of the followed companies and its summary, and their refusals', async () => {
    let leads = await unwrap(reader.GET('/leads', { params: { query: { days: 365, limit: 10 } } }));
    // signal-ingest reads the provider's feed once it has started: wait for the first leads.
    for (let poll = 0; poll < 60 && leads.total === 0; poll++) {
      await sleep(1_000);
      leads = await unwrap(reader.GET('/leads', { params: { query: { days: 365, limit: 10 } } }));
    }
    expect(leads.items.length).toBeGreaterThan(0);
    expect((await unwrap(reader.GET('/leads', { params: { query: { days: 365, per_company: false, hide_watched: true, limit: 10 } } }))).limit).toBe(10);
    expect((await unwrap(reader.GET('/leads/summary', { params: { query: { days: 365 } } }))).companies).toBe(leads.total);
    expect((await reader.GET('/leads', { params: { query: { days: 366 } } })).response.status).toBe(422);
    expect((await reader.GET('/leads/summary', { params: { query: { hide_watched: 'yes' as never } } })).response.status).toBe(422);
  }, 90_000);

  it('answers 401 on every operation without a token, and for unknown and expired tokens', async () => {
    const anonymous = client();
    const untyped = anonymous.request as unknown as (method: string, path: string, init: object) => Promise<{ response: Response }>;
    for (const operation of operationsOf(document).filter((entry) => entry !== 'GET /openapi.json')) {
      const [method, template] = operation.split(' ') as [string, string];
      const pathParameters = Object.fromEntries([...template.matchAll(/\{([^}]+)\}/g)].map((match) => [match[1], match[1] === 'domain' ? 'example.com' : randomUUID()]));
      const init = { params: { path: pathParameters }, ...(method === 'POST' || method === 'PATCH' ? { body: {} } : {}), parseAs: 'text' };
      expect({ operation, status: (await untyped(method.toLowerCase(), template, init)).response.status }).toEqual({ operation, status: 401 });
    }
    expect((await client(`rdr_${'x'.repeat(43)}`).GET('/credits')).error?.detail.code).toBe('INVALID_TOKEN');
    const owner = (await createWorkspace(stack(), 'OpenAPI Expired')).owner_user_id;
    const expired = await createToken(stack(), owner, 'read', '--expires-at', '2020-01-01T00:00:00Z');
    expect((await client(expired.token).GET('/credits')).error?.detail.code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a body that is not JSON (415) and one over the size limit (413)', async () => {
    const notJson = await reader.POST('/companies/search', {
      body: { query: 'software' },
      bodySerializer: () => 'query=software',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(notJson.error?.detail.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooLarge = await reader.POST('/companies/counts', { body: { keywords: ['x'.repeat(JSON_BODY_LIMIT_BYTES)] } });
    expect(tooLarge.error?.detail.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 429 with Retry-After once a bucket is used up (a token of its own: buckets count per token)', async () => {
    const owner = (await createWorkspace(stack(), 'OpenAPI Limits')).owner_user_id;
    const limited = client((await createToken(stack(), owner, 'read_write')).token);
    let refused: Response | undefined;
    // 5 per minute: twelve calls hold six in one window even when a minute boundary falls among them.
    for (let call = 0; call < 12 && !refused; call++) {
      const { response } = await limited.POST('/exports', { body: { colour: 'red' } as never });
      if (response.status === 429) refused = response;
    }
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('every answer recorded above validates against the document, and every operation answered success and its main errors', () => {
    const validator = new OpenApiResponseValidator(document);
    const problems = recorder.answers.flatMap((answer) => validator.problems(answer));
    expect(problems).toEqual([]);

    const seen = recorder.seen();
    const successes = operationsOf(document).filter(
      (operation) => ![...seen].some((entry) => entry.startsWith(`${operation} 2`)),
    );
    expect(successes).toEqual([]);
    const statuses = new Set([...seen].map((entry) => Number(entry.split(' ')[2])));
    for (const status of [200, 201, 204, 400, 401, 402, 403, 404, 409, 413, 415, 422, 429]) expect({ status, seen: statuses.has(status) }).toEqual({ status, seen: true });
    expect(recorder.answers.length).toBeGreaterThan(100);
  });
});
