import { randomUUID } from 'node:crypto';
import aws4 from 'aws4';
import { parse } from 'csv-parse/sync';
import { Pool } from 'pg';
import { EXPORT_CSV_COLUMNS, type ExportJob } from '@radar/contracts';
import { createToken, workspaceWithToken } from '../src/operator-world';
import { callApi, getCredits, type ApiResponse } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

interface SearchPage {
  items: { company_id: string }[];
  next_cursor: string | null;
}

describe('exports through the gateway', () => {
  const stack = useStack();
  const loaded = { companies: 300, seed: 23 };

  beforeAll(async () => {
    await radar(stack(), 'dataset', 'load', '--companies', String(loaded.companies), '--seed', String(loaded.seed));
  }, 120_000);

  /** POST /exports with an optional Idempotency-Key. */
  async function createExport(token: string, body: unknown, idempotencyKey?: string): Promise<ApiResponse> {
    const response = await fetch(`${stack().gatewayUrl}/api/v1/exports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  /** Polls GET /exports/{id} until the job is completed or failed. */
  async function finished(token: string, exportId: string): Promise<ExportJob> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = (await callApi<ExportJob>(stack(), 'GET', `/exports/${exportId}`, token)).body;
      if (job.status === 'completed' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`export ${exportId} still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function downloadText(token: string, exportId: string): Promise<string> {
    const download = await callApi<{ download_url: string }>(stack(), 'POST', `/exports/${exportId}/download`, token);
    expect(download.status).toBe(200);
    const response = await fetch(download.body.download_url);
    expect(response.status).toBe(200);
    return response.text();
  }

  async function searchIds(token: string, filters: Record<string, unknown>): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse<SearchPage> = await callApi<SearchPage>(stack(), 'POST', '/companies/search', token, {
        ...filters,
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      ids.push(...page.body.items.map((item) => item.company_id));
      cursor = page.body.next_cursor;
    } while (cursor);
    return ids;
  }

  const germany = { countries: ['Germany'] };

  it('previews, creates (201 pending, charged), completes and downloads a CSV with the columns of decisions.md', async () => {
    const world = await workspaceWithToken(stack(), { credits: 1_000, scope: 'read_write' });
    const token = world.token.token;
    const matches = await searchIds(token, germany);
    expect(matches.length).toBeGreaterThan(5);

    const preview = await callApi(stack(), 'POST', '/exports/preview', token, { search_filters: germany });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      requested_count: matches.length,
      already_unlocked: 0,
      new_count: matches.length,
      capped_at_10k: false,
      cost: matches.length,
      balance: 1_000,
      would_export: matches.length,
      would_skip: 0,
    });

    const created = await createExport(token, { name: 'German companies', search_filters: germany });
    expect(created.status).toBe(201);
    const exportJob = created.body.export_job as { id: string };
    expect(created.body).toEqual({
      export_job: { id: exportJob.id, name: 'German companies', status: 'pending', export_format: 'csv', source_type: 'search' },
      requested_count: matches.length,
      already_unlocked: 0,
      new_count: matches.length,
      cost: matches.length,
      credits_charged: matches.length,
      capped_at_10k: false,
      transaction_id: expect.any(String),
    });
    expect(created.headers.get('x-ratelimit-limit')).toBe('5');

    const job = await finished(token, exportJob.id);
    expect(job).toMatchObject({
      id: exportJob.id,
      workspace_id: world.workspace_id,
      status: 'completed',
      total_records: matches.length,
      processed_records: matches.length,
      file_size_bytes: expect.any(Number),
      completed_at: expect.any(String),
    });
    const text = await downloadText(token, exportJob.id);
    expect(Buffer.byteLength(text)).toBe(job.file_size_bytes);
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(matches);

    const credits = await getCredits(stack(), token);
    expect(credits.body.balance).toBe(1_000 - matches.length);
    expect(credits.body.recent_transactions[0]).toMatchObject({
      id: created.body.transaction_id,
      amount: -matches.length,
      reason: 'export_charge',
      reference: `export:${exportJob.id}:create`,
    });

    // companies.unlocked reaches search: its counts now see the exported companies as saved by the workspace.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const counts = await callApi<{ total: number; saved: number }>(stack(), 'POST', '/companies/counts', token, germany);
      if (counts.body.saved === matches.length) break;
      if (Date.now() > deadline) throw new Error(`counts.saved is ${counts.body.saved}, not ${matches.length}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const listed = await callApi<{ items: ExportJob[]; total: number; limit: number; offset: number }>(stack(), 'GET', '/exports', token);
    expect(listed.body).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(listed.body.items[0]).toEqual((await callApi(stack(), 'GET', `/exports/${exportJob.id}`, token)).body);
  });

  it('signs the download URL with SigV4 for 15 minutes: an independent signer agrees, a tampered URL does not', async () => {
    const world = await workspaceWithToken(stack(), { credits: 1_000, scope: 'read_write' });
    const token = world.token.token;
    const created = await createExport(token, { name: 'signed', search_filters: germany, export_format: 'json' });
    const exportId = (created.body.export_job as { id: string }).id;
    await finished(token, exportId);
    const called = Math.floor(Date.now() / 1000) * 1000;
    const download = await callApi<{ download_url: string; expires_at: string }>(stack(), 'POST', `/exports/${exportId}/download`, token);
    const url = new URL(download.body.download_url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    const stamp = url.searchParams.get('X-Amz-Date')!;
    const signedAt = Date.parse(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`);
    expect(signedAt).toBeGreaterThanOrEqual(called);
    expect(Date.parse(download.body.expires_at)).toBe(signedAt + 15 * 60_000);

    const { objectStorage } = stack();
    const credentials = { accessKeyId: objectStorage.accessKey, secretAccessKey: objectStorage.secretKey };
    const resign = (target: URL) => {
      const query = new URLSearchParams(target.search);
      for (const own of ['X-Amz-Signature', 'X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-SignedHeaders']) query.delete(own);
      const signed = aws4.sign({ host: target.host, path: `${target.pathname}?${query.toString()}`, method: 'GET', service: 's3', region: objectStorage.region, signQuery: true }, credentials);
      return new URL(`http://${target.host}${signed.path ?? ''}`).searchParams.get('X-Amz-Signature');
    };
    expect(resign(url)).toBe(url.searchParams.get('X-Amz-Signature'));
    const tampered = new URL(url);
    tampered.searchParams.set('X-Amz-Expires', '604800');
    expect(resign(tampered)).not.toBe(url.searchParams.get('X-Amz-Signature'));

    const file = await fetch(url);
    const companies = (await file.json()) as Record<string, unknown>[];
    expect(companies.length).toBe(created.body.requested_count);
    const first = companies[0]!;
    expect(first).toEqual((await callApi(stack(), 'GET', `/companies/${first.company_id as string}`, token)).body);
  });

  it('refuses a read token with 403 INSUFFICIENT_SCOPE, and lets it preview', async () => {
    const world = await workspaceWithToken(stack(), { credits: 100, scope: 'read' });
    const refused = await createExport(world.token.token, { name: 'nope', search_filters: germany });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: { code: 'INSUFFICIENT_SCOPE' } });
    expect((await callApi(stack(), 'POST', '/exports/preview', world.token.token, { search_filters: germany })).status).toBe(200);
  });

  it('answers 402 insufficient_balance with shortfall, cost, balance and matched_count, and changes nothing', async () => {
    const world = await workspaceWithToken(stack(), { credits: 3, scope: 'read_write' });
    const token = world.token.token;
    const matches = await searchIds(token, germany);
    const before = (await getCredits(stack(), token)).body;
    const refused = await createExport(token, { name: 'too big', search_filters: germany });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      detail: {
        code: 'insufficient_balance',
        message: expect.any(String),
        details: { shortfall: matches.length - 3, cost: matches.length, balance: 3, matched_count: matches.length },
      },
    });
    expect((await getCredits(stack(), token)).body).toEqual(before);
    expect((await callApi(stack(), 'GET', '/exports', token)).body).toMatchObject({ items: [], total: 0 });
    expect((await callApi(stack(), 'POST', '/exports/preview', token, { search_filters: germany })).body).toMatchObject({
      already_unlocked: 0,
      would_skip: matches.length - 3,
    });
  });

  it('charges the overlap of two searches once and re-exports for free', async () => {
    const world = await workspaceWithToken(stack(), { credits: 1_000, scope: 'read_write' });
    const token = world.token.token;
    const german = await searchIds(token, germany);
    const both = await searchIds(token, { countries: ['Germany', 'France'] });
    await createExport(token, { name: 'de', search_filters: germany });
    const second = await createExport(token, { name: 'de+fr', search_filters: { countries: ['Germany', 'France'] } });
    expect(second.body).toMatchObject({ already_unlocked: german.length, cost: both.length - german.length });
    const again = await createExport(token, { name: 'again', search_filters: germany });
    expect(again.body).toMatchObject({ already_unlocked: german.length, cost: 0, credits_charged: 0, transaction_id: null });
    expect((await getCredits(stack(), token)).body.balance).toBe(1_000 - both.length);
  });

  it('replays the first answer to a repeated Idempotency-Key, refuses it with another body, and scopes it to the workspace', async () => {
    const world = await workspaceWithToken(stack(), { credits: 1_000, scope: 'read_write' });
    const token = world.token.token;
    const first = await createExport(token, { name: 'once', search_filters: germany }, 'e2e-key');
    const second = await createExport(token, { name: 'once', search_filters: germany }, 'e2e-key');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const reused = await createExport(token, { name: 'other', search_filters: germany }, 'e2e-key');
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ detail: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const credits = (await getCredits(stack(), token)).body;
    expect(credits.recent_transactions.filter((t) => t.reason === 'export_charge')).toHaveLength(1);

    const other = await workspaceWithToken(stack(), { credits: 1_000, scope: 'read_write' });
    const theirs = await createExport(other.token.token, { name: 'theirs', search_filters: germany }, 'e2e-key');
    expect(theirs.status).toBe(201);
    expect((theirs.body.export_job as { id: string }).id).not.toBe((first.body.export_job as { id: string }).id);
  });

  it('never overdraws with ten concurrent creates (ten tokens of one workspace): balance = grants - charges + refunds', async () => {
    const world = await workspaceWithToken(stack(), { credits: 0, scope: 'read_write' });
    const ids = (await searchIds(world.token.token, {})).slice(0, 100);
    // POST /exports allows 5 a minute per token: one token per create.
    const [tokens, lists] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, async () => (await createToken(stack(), world.owner_user_id, 'read_write')).token)),
      Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const slice = ids.slice(i * 10, i * 10 + 10).join(',');
          return (await radar<{ list_id: string }>(stack(), 'list', 'create', '--workspace', world.workspace_id, '--name', `l${i}`, '--company-ids', slice)).list_id;
        }),
      ),
    ]);
    await radar(stack(), 'credits', 'grant', '--workspace', world.workspace_id, '--amount', '35');
    const answers = await Promise.all(lists.map((listId, i) => createExport(tokens[i]!, { name: `c${i}`, source_type: 'list', list_id: listId })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(7);
    const credits = (await getCredits(stack(), world.token.token)).body;
    expect(credits.balance).toBe(5);
    const total = credits.recent_transactions.reduce((sum, t) => sum + t.amount, 0);
    expect(credits.balance).toBe(total);
    const charged = new Set(credits.recent_transactions.filter((t) => t.reason === 'export_charge').map((t) => t.reference));
    expect(charged).toEqual(new Set(answers.filter((a) => a.status === 201).map((a) => `export:${(a.body.export_job as { id: string }).id}:create`)));
  });

  it('neutralises a company named like a spreadsheet formula in the CSV', async () => {
    const pool = new Pool({ connectionString: stack().databaseUrls.search, max: 1 });
    const id = randomUUID();
    const name = '=HYPERLINK("http://evil.example","Click")';
    try {
      await pool.query(
        `INSERT INTO companies (id, name, domain, data_quality_score) VALUES ($1, $2, $3, 2)`,
        [id, name, `formula-${id.slice(0, 8)}.example`],
      );
    } finally {
      await pool.end();
    }
    const world = await workspaceWithToken(stack(), { credits: 10, scope: 'read_write' });
    const list = await radar<{ list_id: string }>(stack(), 'list', 'create', '--workspace', world.workspace_id, '--name', 'formula', '--company-ids', id);
    const created = await createExport(world.token.token, { name: 'formula', source_type: 'list', list_id: list.list_id });
    const exportId = (created.body.export_job as { id: string }).id;
    expect((await finished(world.token.token, exportId)).status).toBe('completed');
    const [row] = parse(await downloadText(world.token.token, exportId), { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ company_id: id, name: `'${name}` });
  });

  it('answers 404 for an export of another workspace, and 422 naming an unknown field nested in search_filters', async () => {
    const owner = await workspaceWithToken(stack(), { credits: 1_000, scope: 'read_write' });
    const created = await createExport(owner.token.token, { name: 'mine', search_filters: germany });
    const exportId = (created.body.export_job as { id: string }).id;
    const stranger = await workspaceWithToken(stack(), { credits: 10, scope: 'read' });
    expect((await callApi(stack(), 'GET', `/exports/${exportId}`, stranger.token.token)).status).toBe(404);
    expect((await callApi(stack(), 'POST', `/exports/${exportId}/download`, stranger.token.token)).status).toBe(404);

    const unknown = await callApi(stack(), 'POST', '/exports/preview', stranger.token.token, { search_filters: { countries: ['Germany'], colour: 'red' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ detail: { code: 'VALIDATION_ERROR', message: expect.stringContaining('search_filters.colour') } });
  });
});
