import { randomUUID } from 'node:crypto';
import path from 'node:path';
import request from 'supertest';
import { Pool } from 'pg';
import { RPCS, OPERATOR_PREFIX, type Caller, type CreditsResponse, type ExportJob } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { aCaller, silentLogger, startTestService, testInfrastructure, testNamespace, TEST_SECRETS } from '@radar/platform/testing';
import { exportService } from '../../src/service';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '@radar/platform/testing/local-s3';
import { startSibling, type SiblingProcess } from '@radar/platform/testing';

export const BUCKET = 'radar-exports-test';

export interface WorldOptions {
  /** Companies in search's dataset (deterministic for the seed). */
  companies?: number;
  /** Extra environment of the export service. */
  exportEnv?: Record<string, string>;
}

/** The export service's environment in the tests: the local S3 server, and short waits so failures and restarts play out quickly. */
export const exportTestEnv = (s3: LocalS3): Record<string, string> => ({
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY: LOCAL_S3_CREDENTIALS.accessKey,
  S3_SECRET_KEY: LOCAL_S3_CREDENTIALS.secretKey,
  S3_BUCKET: BUCKET,
  EXPORT_BATCH_SIZE: '100',
  EXPORT_LEASE_MS: '2000',
  EXPORT_SCAN_INTERVAL_MS: '200',
  EXPORT_RETRY_DELAYS_MS: '200',
  EXPORT_STALE_CHARGE_MS: '1000',
});

export type ExportWorld = Awaited<ReturnType<typeof startExportWorld>>;

/**
 * The export service in-process (supertest), with its real neighbours: the ledger and search as
 * child processes from their builds, a search dataset, NATS in a namespace of the test's own and
 * a local S3 server. One per test file.
 */
export async function startExportWorld(options: WorldOptions = {}) {
  const namespace = testNamespace();
  const s3 = await startLocalS3();
  const siblings: SiblingProcess[] = [];
  try {
    siblings.push(await startSibling('ledger', { namespace }));
    siblings.push(await startSibling('search', { namespace, env: { DATABASE_POOL_SIZE: '4' } }));
  } catch (error) {
    await Promise.all(siblings.map((sibling) => sibling.stop()));
    await s3.close();
    throw error;
  }
  const [ledger, search] = siblings as [SiblingProcess, SiblingProcess];
  const operator = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
    const response = await fetch(`${search.url}${OPERATOR_PREFIX}${route}`, {
      method,
      headers: { authorization: `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(600_000),
    });
    const payload = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(payload)}`);
    return payload;
  };
  await operator('POST', '/dataset/load', { companies: options.companies ?? 2_000, seed: 11 });

  // The service's clock runs `clock.offsetMs` ahead of the system's (tests of the 24-hour key window).
  const clock = { offsetMs: 0 };
  const service = await startTestService(exportService, {
    namespace,
    env: { ...exportTestEnv(s3), ...options.exportEnv },
    clock: () => new Date(Date.now() + clock.offsetMs),
  });
  const app = service.apps.main!;
  const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'export-test-client', namespace, logger: silentLogger() });
  const searchPool = new Pool({ connectionString: search.databaseUrl, max: 2 });
  const as = (caller: Caller) => signCaller(caller, TEST_SECRETS.INTERNAL_SIGNING_SECRET);

  const world = {
    app,
    service,
    deps: service.deps,
    namespace,
    clock,
    s3,
    ledger,
    search,
    client,
    searchPool,

    /** A workspace's read_write caller, with `credits` granted. */
    async workspace(credits = 0, overrides: Partial<Caller> = {}): Promise<Caller> {
      const caller = aCaller(randomUUID(), { scope: 'read_write', ...overrides });
      if (credits > 0) await world.grant(caller.workspaceId, credits);
      return caller;
    },
    async grant(workspaceId: string, amount: number): Promise<void> {
      await client.request(RPCS.ledger.grant, { workspaceId, amount, reason: 'grant', reference: `test-grant:${randomUUID()}` });
    },
    async credits(caller: Caller): Promise<CreditsResponse> {
      const response = await fetch(`${ledger.url}/credits`, { headers: as(caller) });
      return (await response.json()) as CreditsResponse;
    },
    async createList(caller: Caller, companyIds: string[]): Promise<string> {
      const created = await operator('POST', '/lists', { workspace_id: caller.workspaceId, name: 'Test list', company_ids: companyIds });
      return created.list_id as string;
    },
    /** Ids of a search in its order, as POST /companies/search pages through them. */
    async searchIds(caller: Caller, filters: Record<string, unknown>, max = 10_000): Promise<string[]> {
      const ids: string[] = [];
      let cursor: string | undefined;
      while (ids.length < max) {
        const response = await fetch(`${search.url}/companies/search`, {
          method: 'POST',
          headers: { ...as(caller), 'content-type': 'application/json' },
          body: JSON.stringify({ ...filters, limit: 100, ...(cursor ? { cursor } : {}) }),
        });
        const page = (await response.json()) as { items: { company_id: string }[]; next_cursor: string | null };
        ids.push(...page.items.map((item) => item.company_id));
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      return ids.slice(0, max);
    },
    async companyDetail(caller: Caller, companyId: string): Promise<Record<string, unknown>> {
      const response = await fetch(`${search.url}/companies/${companyId}`, { headers: as(caller) });
      return (await response.json()) as Record<string, unknown>;
    },

    preview: (caller: Caller, body: unknown) => request(app).post('/exports/preview').set(as(caller)).send(body as object),
    create: (caller: Caller, body: unknown, idempotencyKey?: string) => {
      const call = request(app).post('/exports').set(as(caller));
      return (idempotencyKey === undefined ? call : call.set('Idempotency-Key', idempotencyKey)).send(body as object);
    },
    get: (caller: Caller, url: string) => request(app).get(url).set(as(caller)),
    /** POST /exports/{id}/download, with no body unless one is given. */
    download: (caller: Caller, exportId: string, body?: object) => {
      const call = request(app).post(`/exports/${exportId}/download`).set(as(caller));
      return body === undefined ? call : call.send(body);
    },

    /** Polls GET /exports/{id} (as a client would, every 50 ms) until the job is completed or failed. */
    async finished(caller: Caller, exportId: string, timeoutMs = 30_000): Promise<ExportJob> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const response = await world.get(caller, `/exports/${exportId}`);
        const job = response.body as ExportJob;
        if (job.status === 'completed' || job.status === 'failed') return job;
        if (Date.now() > deadline) throw new Error(`export ${exportId} still ${job.status} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** A company of the test's own in search's store (the dataset has no names like these). */
    async addCompany(fields: { name: string; description?: string }): Promise<string> {
      const id = randomUUID();
      await searchPool.query(
        `INSERT INTO companies (id, name, domain, description, industry, employee_count, country, country_code, city, technologies,
                                founded_year, data_quality_score)
         VALUES ($1, $2, $3, $4, 'Software', 50, 'Germany', 'DE', 'Berlin', ARRAY['Go','Rust'], 2015, 9)`,
        [id, fields.name, `t-${id.slice(0, 8)}.example`, fields.description ?? null],
      );
      return id;
    },

    async close(): Promise<void> {
      await client.close();
      await searchPool.end();
      await service.close();
      await Promise.all(siblings.map((sibling) => sibling.stop()));
      await s3.close();
    },
  };
  return world;
}

export const MIGRATIONS = path.join(__dirname, '../../prisma/migrations');

/** Starting the world: two sibling builds and a dataset load, slow on a busy 2-core machine. */
const WORLD_START_TIMEOUT_MS = 180_000;

/** Starts an export world before the file's tests and closes it after them; the getter answers it inside a test. */
export function useExportWorld(options: WorldOptions = {}): () => ExportWorld {
  let world: ExportWorld | undefined;
  beforeAll(async () => {
    world = await startExportWorld(options);
  }, WORLD_START_TIMEOUT_MS);
  afterAll(async () => {
    await world?.close();
  });
  return () => {
    if (!world) throw new Error('The export world did not start (see the beforeAll failure)');
    return world;
  };
}
