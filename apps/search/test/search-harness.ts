import path from 'node:path';
import type { Pool } from 'pg';
import request from 'supertest';
import type { Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { aCaller, createTestDatabase, silentLogger } from '@radar/platform/testing';
import { createApp } from '../src/app';
import type { SelectedCompanyIndex } from '../src/company-index/create-company-index';
import { createSearchPool } from '../src/data/database';
import { wireSearch } from '../src/wiring';

export const SIGNING_SECRET = 'search-test-signing-secret-0123456789abcdef';
export const OPERATOR_SECRET = 'search-test-operator-secret-0123456789abcdef';
export const CURSOR_SECRET = 'search-test-cursor-secret-0123456789abcdefgh';

export const MIGRATIONS = path.join(__dirname, '../prisma/migrations');

/** A caller of the workspace, as the gateway would sign it. */
export const callerFor = aCaller;

export interface StartOptions {
  /** The back-end under test; default: whatever createCompanyIndex picks without ELASTICSEARCH_URL (PostgreSQL). */
  companyIndex?: (pool: Pool) => SelectedCompanyIndex;
}

export type TestSearch = Awaited<ReturnType<typeof startSearch>>;

/** A search service of its own: fresh database, the real app, a caller of a fresh workspace. */
export async function startSearch(options: StartOptions = {}) {
  const database = await createTestDatabase('search', MIGRATIONS);
  const pool = createSearchPool(database.url, { max: 6 });
  const logger = silentLogger();
  const deps = wireSearch({
    pool,
    logger,
    cursorSecret: CURSOR_SECRET,
    operatorSecret: OPERATOR_SECRET,
    companyIndex: options.companyIndex?.(pool),
  });
  const app = createApp({ ...deps, logger, internalSigningSecret: SIGNING_SECRET });
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
    async close() {
      await deps.selectedIndex.close();
      await deps.prisma.$disconnect();
      await pool.end();
      await database.drop();
    },
  };
}
