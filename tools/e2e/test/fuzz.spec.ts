import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { errorEnvelopeSchema, PUBLIC_OPERATIONS, PUBLIC_ROUTES, type PublicOperation, type PublicRoute } from '@radar/contracts';
import { describeRequest, problemsWith } from '../src/fuzz/answer-invariants';
import { NUL_PATH_SEGMENTS, OUT_OF_RANGE_DAYS, requestFor, UNKNOWN_FIELD_NAMES, yearZeroDay, type FuzzWorld } from '../src/fuzz/request-arbitraries';
import { createToken, createWorkspace, workspaceWithToken } from '../src/operator-world';
import { radar, radarFails } from '../src/radar-cli';
import { RawHttpClient, type RawAnswer } from '../src/raw-http';
import { startStack, type E2eStack } from '../src/stack/e2e-stack';

/** Fixed, so a failure replays exactly; change it to explore other inputs. */
const SEED = 20_261_124;
/** Generated requests per public endpoint (about 2,500 in all): the whole file takes about a minute here. */
const RUNS_PER_ROUTE = 120;

/** The operations the services serve (the reference document is the gateway's own, and takes no token). */
const SERVED_OPERATIONS = PUBLIC_OPERATIONS.filter((operation) => !operation.public);

/** Query parameters whose schema takes a day (2026-01-01) and refuses one of year 0: every date parameter, found from the contracts. */
const dayParameters = SERVED_OPERATIONS.flatMap((operation) =>
  Object.keys(operation.request?.query?.shape ?? {})
    .filter((key) => {
      const query = operation.request?.query;
      const takes = (day: string) => query?.safeParse({ [key]: day }).success === true;
      return takes('2026-01-01') && !takes('0000-01-01');
    })
    .map((key) => [`${operation.method} ${operation.path}`, key, operation] as const),
);

/** Every path parameter of every operation. */
const pathParameters = SERVED_OPERATIONS.flatMap((operation) =>
  [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => [`${operation.method} ${operation.path}`, match[1]!, operation] as const),
);

describe('bad input through the gateway: never a 500, always the envelope and X-Request-Id', () => {
  let stack: E2eStack;
  let world: FuzzWorld;
  /** Ids that name something in the fuzz workspace, so a path parameter under test is the only thing wrong. */
  let realIds: Record<string, string>;
  const client = new RawHttpClient();

  beforeAll(async () => {
    // Limits scaled up: the fuzz sends thousands of requests a minute with one token, and a 429
    // would stop them at the gateway, short of the services' input handling.
    stack = await startStack({ gatewayEnv: { RATE_LIMIT_SCALE: '1000' } });
    await radar(stack, 'dataset', 'load', '--companies', '50', '--seed', '7');
    const workspace = await workspaceWithToken(stack, { credits: 1_000, scope: 'read_write' });
    const found = await send('POST', '/companies/search', { authorization: `Bearer ${workspace.token.token}`, 'content-type': 'application/json' }, '{"limit": 20}');
    const knownIds = (JSON.parse(found.text) as { items: { company_id: string }[] }).items.map((item) => item.company_id);
    expect(knownIds.length).toBeGreaterThan(0);
    world = { token: workspace.token.token, knownIds };
    const jsonHeaders = { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' };
    const exported = await send('POST', '/exports', jsonHeaders, JSON.stringify({ name: 'fuzz', search_filters: {} }));
    const monitor = await send('POST', '/monitors', jsonHeaders, JSON.stringify({ name: 'fuzz', domains: ['acme.com'], signal_types: ['news_events'] }));
    expect([exported.status, monitor.status, exported.text.slice(0, 200)]).toEqual([201, 201, expect.any(String)]);
    realIds = {
      company_id: knownIds[0]!,
      export_id: (JSON.parse(exported.text) as { export_job: { id: string } }).export_job.id,
      monitor_id: (JSON.parse(monitor.text) as { id: string }).id,
      // Ids of the right form are enough where the input is refused before anything is looked up.
      run_id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      webhook_id: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
      delivery_id: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
      domain: 'acme.com',
    };
  }, 90_000);

  afterAll(async () => {
    client.close();
    await stack?.stop();
  }, 30_000);

  function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer, chunked = false): Promise<RawAnswer> {
    return client.send({ method, url: `${stack.gatewayUrl}/api/v1${path}`, headers, body: typeof body === 'string' ? Buffer.from(body) : body, chunked });
  }

  const authorized = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${world.token}`, ...extra });
  const json = (extra: Record<string, string> = {}) => authorized({ 'content-type': 'application/json', ...extra });
  const detailOf = (answer: RawAnswer) => errorEnvelopeSchema.parse(JSON.parse(answer.text)).detail;

  describe('regressions: what got a 500 or a bare Node answer before', () => {
    it.each(['query', 'countries', 'cities', 'industries', 'technologies', 'keywords'])(
      'answers a NUL character in %s with 422 naming the field, in search and counts',
      async (field) => {
        const value = field === 'query' ? 'a\u0000b' : ['Germany', 'a\u0000b'];
        for (const endpoint of ['/companies/search', '/companies/counts']) {
          const answer = await send('POST', endpoint, json(), JSON.stringify({ [field]: value }));
          expect(answer.status).toBe(422);
          const detail = detailOf(answer);
          expect(detail.code).toBe('VALIDATION_ERROR');
          expect(detail.message).toContain(`body field "${field === 'query' ? 'query' : `${field}.1`}": must not contain a NUL character`);
        }
      },
    );

    it.each(['/companies/%FF', '/companies/%E0%A4%A/job-postings', '/monitors/%C0/runs'])(
      'answers the path %s, not valid percent-encoding, with 404 NOT_FOUND in the envelope',
      async (path) => {
        const answer = await send('GET', path, authorized({ 'x-request-id': 'trace-percent' }));
        expect(answer.status).toBe(404);
        expect(answer.headers['x-request-id']).toBe('trace-percent');
        expect(detailOf(answer).code).toBe('NOT_FOUND');
      },
    );

    it.each(['gzip', 'deflate', 'br'])('answers Content-Encoding %s on a body that is not compressed with 422', async (encoding) => {
      const answer = await send('POST', '/companies/search', json({ 'content-encoding': encoding }), '{"query":"cloud"}');
      expect(answer.status).toBe(422);
      expect(detailOf(answer).code).toBe('VALIDATION_ERROR');
    });

    it('answers an unsupported Content-Encoding with 422 and reads a really compressed body', async () => {
      const unknown = await send('POST', '/companies/search', json({ 'content-encoding': 'compress' }), '{"query":"cloud"}');
      expect(unknown.status).toBe(422);
      expect(detailOf(unknown).message).toContain('Unsupported Content-Encoding "compress"');
      const real = await send('POST', '/companies/counts', json({ 'content-encoding': 'gzip' }), gzipSync('{}'));
      expect(real.status).toBe(200);
      expect(JSON.parse(real.text)).toMatchObject({ total: 50 });
    });

    it('grants 2147483648 credits and more, reads the balance back exactly, and answers a balance past 2^53 - 1 with 422', async () => {
      const workspace = await createWorkspace(stack, 'Large grants');
      const granted = await radar<{ balance: number }>(stack, 'credits', 'grant', '--workspace', workspace.workspace_id, '--amount', '2147483648');
      expect(granted.balance).toBe(2_147_483_648);
      const toLimit = Number.MAX_SAFE_INTEGER - 2_147_483_648;
      const full = await radar<{ balance: number }>(stack, 'credits', 'grant', '--workspace', workspace.workspace_id, '--amount', String(toLimit));
      expect(full.balance).toBe(Number.MAX_SAFE_INTEGER);

      const over = await radarFails(stack, ['credits', 'grant', '--workspace', workspace.workspace_id, '--amount', '1']);
      expect(over.error.code).toBe('VALIDATION_ERROR');
      expect(over.error.message).toContain('past the largest balance');

      const token = await createToken(stack, workspace.owner_user_id, 'read');
      const credits = await send('GET', '/credits', { authorization: `Bearer ${token.token}` });
      expect(credits.status).toBe(200);
      const view = JSON.parse(credits.text) as { balance: number; recent_transactions: { amount: number }[] };
      expect(view.balance).toBe(Number.MAX_SAFE_INTEGER);
      expect(view.recent_transactions.map((t) => t.amount)).toEqual([toLimit, 2_147_483_648]);
    });

    it('answers a URL over the header limit with 431 in the envelope and an X-Request-Id', async () => {
      const answer = await send('GET', `/companies/${world.knownIds[0]}?filler=${'x'.repeat(20_000)}`, authorized());
      expect(answer.status).toBe(431);
      expect(answer.headers['x-request-id']).toBeTruthy();
      expect(detailOf(answer).code).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
    });

    it.each([
      ['text/plain', '{"countries":["Germany"]}', false],
      ['application/x-www-form-urlencoded', 'countries=Germany', false],
      ['text/plain', '{"countries":["Germany"]}', true],
    ])('answers a non-empty %s body (chunked: %s) with 415 instead of an unfiltered 200', async (type, body, chunked) => {
      const answer = await send('POST', '/companies/search', authorized({ 'content-type': type }), body, chunked);
      expect(answer.status).toBe(415);
      expect(detailOf(answer).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a body without a Content-Type with 415, and takes an empty one of any type as no filter', async () => {
      expect((await send('POST', '/companies/counts', authorized(), '{"countries":["Germany"]}')).status).toBe(415);
      const empty = await send('POST', '/companies/counts', authorized({ 'content-type': 'text/plain' }), '');
      expect(empty.status).toBe(200);
      expect(JSON.parse(empty.text)).toMatchObject({ total: 50 });
    });

    it.each(['page=0x2', 'page_size=1e2', 'page=%201', 'page=1.0', 'page_size=%2B5'])('answers job postings ?%s with 422', async (query) => {
      const answer = await send('GET', `/companies/${world.knownIds[0]}/job-postings?${query}`, authorized());
      expect(answer.status).toBe(422);
      expect(detailOf(answer).message).toContain(`query field "${query.split('=')[0]}"`);
    });

    it('reads job postings ?page=2&page_size=5 as numbers', async () => {
      const answer = await send('GET', `/companies/${world.knownIds[0]}/job-postings?page=2&page_size=5`, authorized());
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ page: 2, page_size: 5 });
    });

    it.each([false, true])('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE (chunked: %s)', async (chunked) => {
      const answer = await send('POST', '/companies/search', json(), JSON.stringify({ query: 'x'.repeat(1_100_000) }), chunked);
      expect(answer.status).toBe(413);
      expect(detailOf(answer).code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('the classes found from outside: year 0, NUL in a path, unknown body fields', () => {
    /** The operation's path with every parameter naming something, but `given` where given. */
    const pathOf = (operation: PublicOperation, given: Record<string, string> = {}) =>
      operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => given[name] ?? realIds[name] ?? 'unknown');

    it('knows every date parameter of the contracts', () => {
      expect(dayParameters.map(([name, key]) => `${name} ${key}`)).toEqual(
        expect.arrayContaining(['GET /signals since', 'GET /signals until', 'GET /signals/summary since', 'GET /signals/export until']),
      );
    });

    it.each(dayParameters)('%s answers an out-of-range %s with 422 naming it', async (_name, key, operation) => {
      const problems: string[] = [];
      const check = async (day: string) => {
        const answer = await send('GET', `${pathOf(operation)}?${key}=${encodeURIComponent(day)}`, authorized());
        const detail = answer.status === 422 ? detailOf(answer) : undefined;
        if (!detail?.message.includes(`query field "${key}"`)) problems.push(`${day}: ${answer.status} ${answer.text.slice(0, 200)}`);
      };
      for (const day of OUT_OF_RANGE_DAYS) await check(day);
      await fc.assert(fc.asyncProperty(yearZeroDay, async (day) => check(day)), { seed: SEED, numRuns: 12 });
      expect(problems).toEqual([]);
    });

    it.each(pathParameters)('%s answers a NUL in {%s} with 404, or 422 naming it for a domain', async (_name, parameter, operation) => {
      for (const segment of NUL_PATH_SEGMENTS) {
        const answer = await send(operation.method, pathOf(operation, { [parameter]: segment }), authorized());
        if (parameter === 'domain') {
          expect({ segment, status: answer.status }).toEqual({ segment, status: 422 });
          expect(detailOf(answer).message).toContain('path field "domain"');
        } else {
          expect({ segment, status: answer.status }).toEqual({ segment, status: 404 });
          expect(detailOf(answer).code).toBe('NOT_FOUND');
        }
      }
    });

    it.each(SERVED_OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
      '%s answers an unknown body field with 422 naming it, bodies usually empty included',
      async (_name, operation) => {
        for (const field of UNKNOWN_FIELD_NAMES) {
          const answer = await send(operation.method, pathOf(operation), json(), JSON.stringify({ [field]: 999999 }));
          expect({ field, status: answer.status }).toEqual({ field, status: 422 });
          expect(detailOf(answer).message).toContain(`body field "${field}": unknown field`);
        }
      },
    );

    it('answers POST /exports/{id}/download {"ttl": 999999} with 422 and DELETE /monitors/{id}/domains/a%00.com with 422', async () => {
      const download = await send('POST', `/exports/${realIds.export_id}/download`, json(), '{"ttl": 999999}');
      expect(download.status).toBe(422);
      expect(detailOf(download).details).toEqual({ errors: [{ field: 'ttl', message: 'unknown field' }] });
      const removal = await send('DELETE', `/monitors/${realIds.monitor_id}/domains/a%00.com`, authorized());
      expect(removal.status).toBe(422);
      expect(detailOf(removal).details).toEqual({ errors: [{ field: 'domain', message: 'must not contain a NUL character (\\u0000)' }] });
      const monitor = await send('GET', `/monitors/${realIds.monitor_id}`, authorized());
      expect((JSON.parse(monitor.text) as { domains: unknown[] }).domains).toHaveLength(1);
    });
  });

  describe('generated requests to every public endpoint', () => {
    const statuses = new Map<string, number[]>();
    const routeName = (route: PublicRoute) => `${route.method} ${route.path}`;

    it.each(PUBLIC_ROUTES.map((route) => [routeName(route), route] as const))('%s', async (name, route) => {
      const running = new Set(Object.keys(stack.serviceUrls));
      const seen: number[] = [];
      statuses.set(name, seen);
      await fc.assert(
        fc.asyncProperty(requestFor(route, world), async (sent) => {
          const answer = await send(sent.method, sent.path, sent.headers, sent.body, sent.chunked);
          seen.push(answer.status);
          const problems = problemsWith(answer, sent, running);
          if (problems.length > 0) throw new Error(`${describeRequest(sent)}\n  answered ${answer.status}: ${problems.join('; ')}\n  ${answer.text.slice(0, 300)}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }, 60_000);

    it('reached the services: the running ones answered successes and validation errors, not only gateway refusals', () => {
      const running = new Set(Object.keys(stack.serviceUrls));
      const reached = PUBLIC_ROUTES.filter((route) => running.has(route.upstream)).flatMap((route) => statuses.get(routeName(route)) ?? []);
      expect(reached.filter((status) => status === 200).length).toBeGreaterThan(20);
      expect(reached.filter((status) => status === 422).length).toBeGreaterThan(20);
      expect(reached.filter((status) => status === 415).length).toBeGreaterThan(0);
    });
  });
});
