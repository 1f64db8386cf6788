import path from 'node:path';
import request from 'supertest';
import type { Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { aCaller, startTestService, TEST_SECRETS } from '@radar/platform/testing';
import { createSearchService } from '../src/service';

export const SIGNING_SECRET: string = TEST_SECRETS.INTERNAL_SIGNING_SECRET;
export const OPERATOR_SECRET: string = TEST_SECRETS.OPERATOR_SECRET;
export const CURSOR_SECRET: string = TEST_SECRETS.CURSOR_SECRET;

export const MIGRATIONS = path.join(__dirname, '../prisma/migrations');

/** A caller of the workspace, as the gateway would sign it. */
export const callerFor = aCaller;

export type TestSearch = Awaited<ReturnType<typeof startSearch>>;

/** A search service of its own (fresh database, own NATS namespace), wired as in production, and a caller of a fresh workspace. */
export async function startSearch() {
  const service = await startTestService(createSearchService(), { env: { DATABASE_POOL_SIZE: '6' } });
  const { deps } = service;
  const app = service.apps.main!;
  const pool = deps.pool;
  const caller = callerFor();
  const as = (who: Caller) => signCaller(who, SIGNING_SECRET);

  return {
    app,
    pool,
    deps,
    caller,
    search: (body: unknown, who: Caller = caller) => request(app).post('/companies/search').set(as(who)).send(body as object),
    counts: (body: unknown, who: Caller = caller) => request(app).post('/companies/counts').set(as(who)).send(body as object),
    get: (url: string, who: Caller = caller) => request(app).get(url).set(as(who)),
    operator: (method: 'get' | 'post', url: string, body?: object) => {
      const call = request(app)[method](`/operator/v1${url}`).set('Authorization', `Bearer ${OPERATOR_SECRET}`);
      return body === undefined ? call : call.send(body);
    },
    namespace: service.namespace,
    close: () => service.close(),
  };
}
