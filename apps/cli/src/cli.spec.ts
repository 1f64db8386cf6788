import { randomUUID } from 'node:crypto';
import { runCli, type CliIo } from './cli';
import type { FetchLike } from './operator-client';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const SECRET = 'operator-secret-for-unit-tests-0123456789';

/** A CLI run against a fake operator interface that answers `reply` and records what it was sent. */
async function radar(argv: string[], options: { env?: NodeJS.ProcessEnv; reply?: FetchLike } = {}) {
  const sent: SentRequest[] = [];
  let stdout = '';
  let stderr = '';
  const reply: FetchLike = options.reply ?? (async () => Response.json({}, { status: 200 }));
  const io: CliIo = {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    env: () => options.env ?? { OPERATOR_SECRET: SECRET },
    fetch: async (url, init) => {
      sent.push({
        url,
        method: String(init.method),
        headers: init.headers as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return reply(url, init);
    },
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr, sent, json: () => JSON.parse(stdout), error: () => JSON.parse(stderr).error };
}

const answer = (status: number, body: unknown): FetchLike => async () => Response.json(body, { status });

const workspaceId = randomUUID();
const userId = randomUUID();
const tokenId = randomUUID();

describe('radar workspace create', () => {
  it('posts the name and credits to the operator interface with the operator secret, and prints the result as one JSON line', async () => {
    const ownerId = randomUUID();
    const run = await radar(['workspace', 'create', '--name', 'Acme', '--credits', '100'], {
      reply: answer(201, { workspace_id: workspaceId, owner_user_id: ownerId }),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`{"workspace_id":"${workspaceId}","owner_user_id":"${ownerId}"}\n`);
    expect(run.sent).toEqual([
      {
        url: 'http://127.0.0.1:8081/operator/v1/workspaces',
        method: 'POST',
        headers: expect.objectContaining({ authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' }),
        body: { name: 'Acme', credits: 100 },
      },
    ]);
  });

  it('leaves credits out of the body when --credits is not given', async () => {
    const run = await radar(['workspace', 'create', '--name', 'Acme'], {
      reply: answer(201, { workspace_id: workspaceId, owner_user_id: randomUUID() }),
    });
    expect(run.code).toBe(0);
    expect(run.sent[0]?.body).toEqual({ name: 'Acme' });
  });

  it.each([['abc'], ['1.5'], ['1e3'], ['0x10'], ['']])('refuses --credits %j as a USAGE_ERROR (exit 2) without calling the server', async (credits) => {
    const run = await radar(['workspace', 'create', '--name', 'Acme', '--credits', credits]);
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining('--credits') });
    expect(run.stdout).toBe('');
    expect(run.sent).toHaveLength(0);
  });

  it('refuses negative credits and a blank name with messages naming the flags', async () => {
    const negative = await radar(['workspace', 'create', '--name', 'Acme', '--credits', '-5']);
    expect(negative.code).toBe(2);
    expect(negative.error().message).toMatch(/^--credits: .*\(got -5\)$/);
    const blank = await radar(['workspace', 'create', '--name', '   ']);
    expect(blank.code).toBe(2);
    expect(blank.error().message).toMatch(/^--name: /);
  });

  it('refuses a missing required flag as a USAGE_ERROR', async () => {
    const run = await radar(['workspace', 'create']);
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining('--name') });
  });
});

describe('radar user', () => {
  it('create posts workspace_id and role and prints {user_id}', async () => {
    const run = await radar(['user', 'create', '--workspace', workspaceId, '--role', 'admin'], {
      reply: answer(201, { user_id: userId }),
    });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ user_id: userId });
    expect(run.sent[0]).toMatchObject({ url: 'http://127.0.0.1:8081/operator/v1/users', method: 'POST', body: { workspace_id: workspaceId, role: 'admin' } });
  });

  it('create refuses a role outside owner|admin|member and a workspace that is not a UUID', async () => {
    const badRole = await radar(['user', 'create', '--workspace', workspaceId, '--role', 'boss']);
    expect(badRole.code).toBe(2);
    expect(badRole.error().message).toMatch(/^--role: .*"boss"/);
    const badWorkspace = await radar(['user', 'create', '--workspace', 'acme', '--role', 'member']);
    expect(badWorkspace.code).toBe(2);
    expect(badWorkspace.error().message).toMatch(/^--workspace: /);
    expect([...badRole.sent, ...badWorkspace.sent]).toHaveLength(0);
  });

  it('set-role patches the user by id and prints {user_id, role}', async () => {
    const run = await radar(['user', 'set-role', '--user', userId, '--role', 'member'], {
      reply: answer(200, { user_id: userId, role: 'member' }),
    });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ user_id: userId, role: 'member' });
    expect(run.sent[0]).toMatchObject({ url: `http://127.0.0.1:8081/operator/v1/users/${userId}`, method: 'PATCH', body: { role: 'member' } });
  });

  it('set-role refuses a user id that is not a UUID', async () => {
    const run = await radar(['user', 'set-role', '--user', '../tokens', '--role', 'member']);
    expect(run.code).toBe(2);
    expect(run.error().message).toMatch(/^--user: /);
  });
});

describe('radar token', () => {
  const created = { token_id: tokenId, token: `rdr_${'a'.repeat(40)}`, scope: 'read', expires_at: null };
  const create = (...extra: string[]) => ['token', 'create', '--user', userId, '--name', 'ci', '--scope', 'read', ...extra];

  it('create sends no expiry option by default, leaving the 90-day default to the server', async () => {
    const run = await radar(create(), { reply: answer(201, created) });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual(created);
    expect(run.sent[0]?.body).toEqual({ user_id: userId, name: 'ci', scope: 'read' });
  });

  it.each([
    [['--expires-in-days', '1'], { expires_in_days: 1 }],
    [['--expires-in-days', '365'], { expires_in_days: 365 }],
    [['--never-expires'], { never_expires: true }],
    [['--expires-at', '2020-01-01T00:00:00Z'], { expires_at: '2020-01-01T00:00:00Z' }],
  ])('create passes %j on as %j', async (flags, expiry) => {
    const run = await radar(create(...flags), { reply: answer(201, created) });
    expect(run.code).toBe(0);
    expect(run.sent[0]?.body).toEqual({ user_id: userId, name: 'ci', scope: 'read', ...expiry });
  });

  it.each([
    [['--expires-in-days', '0'], '--expires-in-days'],
    [['--expires-in-days', '366'], '--expires-in-days'],
    [['--expires-in-days', 'soon'], '--expires-in-days'],
    [['--never-expires', '--expires-in-days', '30'], '--never-expires'],
    [['--expires-at', '2030-01-01T00:00:00Z', '--never-expires'], '--never-expires'],
    [['--expires-at', '2030-01-01T00:00:00Z', '--expires-in-days', '3'], '--expires-at'],
    [['--expires-at', 'next tuesday'], '--expires-at'],
  ])('create refuses %j as a USAGE_ERROR naming %s', async (flags, named) => {
    const run = await radar(create(...flags));
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining(named) });
    expect(run.sent).toHaveLength(0);
  });

  it('create refuses a scope other than read|read_write', async () => {
    const run = await radar(['token', 'create', '--user', userId, '--name', 'ci', '--scope', 'admin']);
    expect(run.code).toBe(2);
    expect(run.error().message).toMatch(/^--scope: /);
  });

  it('revoke posts to the token revoke route without a body and prints {token_id, revoked: true}', async () => {
    const run = await radar(['token', 'revoke', '--token-id', tokenId], { reply: answer(200, { token_id: tokenId, revoked: true }) });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ token_id: tokenId, revoked: true });
    expect(run.sent[0]).toMatchObject({ url: `http://127.0.0.1:8081/operator/v1/tokens/${tokenId}/revoke`, method: 'POST', body: undefined });
    expect(run.sent[0]?.headers['content-type']).toBeUndefined();
  });
});

describe('radar credits grant', () => {
  it('posts workspace and amount and prints {workspace_id, balance}', async () => {
    const run = await radar(['credits', 'grant', '--workspace', workspaceId, '--amount', '50'], {
      reply: answer(200, { workspace_id: workspaceId, balance: 150 }),
    });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ workspace_id: workspaceId, balance: 150 });
    expect(run.sent[0]).toMatchObject({ url: 'http://127.0.0.1:8081/operator/v1/credits/grants', body: { workspace_id: workspaceId, amount: 50 } });
  });

  it.each([['0'], ['-3'], ['ten']])('refuses --amount %s', async (amount) => {
    const run = await radar(['credits', 'grant', '--workspace', workspaceId, '--amount', amount]);
    expect(run.code).toBe(2);
    expect(run.error().message).toContain('--amount');
  });
});

describe('radar list', () => {
  const listId = randomUUID();
  const [a, b] = [randomUUID(), randomUUID()];

  it('create posts the workspace, name and comma-separated company ids and prints {list_id}', async () => {
    const run = await radar(['list', 'create', '--workspace', workspaceId, '--name', 'Targets', '--company-ids', `${a}, ${b}`], {
      reply: answer(201, { list_id: listId }),
    });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ list_id: listId });
    expect(run.sent[0]).toMatchObject({
      url: 'http://127.0.0.1:8081/operator/v1/lists',
      method: 'POST',
      body: { workspace_id: workspaceId, name: 'Targets', company_ids: [a, b] },
    });
  });

  it('add posts to the list by id and prints {list_id, size}', async () => {
    const run = await radar(['list', 'add', '--list', listId, '--company-ids', a], { reply: answer(200, { list_id: listId, size: 3 }) });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ list_id: listId, size: 3 });
    expect(run.sent[0]).toMatchObject({ url: `http://127.0.0.1:8081/operator/v1/lists/${listId}/companies`, body: { company_ids: [a] } });
  });

  it('refuses company ids that are not UUIDs and a list id that is not one, sending nothing', async () => {
    for (const argv of [
      ['list', 'add', '--list', listId, '--company-ids', 'acme.com'],
      ['list', 'add', '--list', 'my-list', '--company-ids', a],
    ]) {
      const run = await radar(argv);
      expect(run.code).toBe(2);
      expect(run.error().code).toBe('USAGE_ERROR');
      expect(run.sent).toEqual([]);
    }
  });
});

describe('radar dataset load', () => {
  it('posts the count and seed, and prints the loaded totals', async () => {
    const totals = { companies: 1000, followed: 10, job_postings: 3000, events: 900 };
    const run = await radar(['dataset', 'load', '--companies', '1000', '--seed', '7'], { reply: answer(200, totals) });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual(totals);
    expect(run.sent[0]).toMatchObject({ url: 'http://127.0.0.1:8081/operator/v1/dataset/load', body: { companies: 1000, seed: 7 } });
  });

  it('sends the defaults when no flag is given', async () => {
    const run = await radar(['dataset', 'load'], { reply: answer(200, { companies: 100000, followed: 8900, job_postings: 1, events: 1 }) });
    expect(run.sent[0]?.body).toEqual({ companies: 100000, seed: 1 });
  });

  it('refuses a count of zero', async () => {
    const run = await radar(['dataset', 'load', '--companies', '0']);
    expect(run.code).toBe(2);
    expect(run.error().message).toContain('--companies');
  });
});

describe('radar webhook create', () => {
  const webhookId = randomUUID();
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

  it('posts the workspace and URL to the webhook-dispatch operator route and prints {webhook_id, secret}', async () => {
    const run = await radar(['webhook', 'create', '--workspace', workspaceId, '--url', 'https://hooks.example.com/radar'], {
      reply: answer(201, { webhook_id: webhookId, secret }),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`{"webhook_id":"${webhookId}","secret":"${secret}"}\n`);
    expect(run.sent).toEqual([
      {
        url: 'http://127.0.0.1:8081/operator/v1/webhooks',
        method: 'POST',
        headers: expect.objectContaining({ authorization: `Bearer ${SECRET}` }),
        body: { workspace_id: workspaceId, url: 'https://hooks.example.com/radar' },
      },
    ]);
  });

  it.each([
    [['--workspace', workspaceId, '--url', 'hooks.example.com/radar'], '--url'],
    [['--workspace', 'acme', '--url', 'https://hooks.example.com/'], '--workspace'],
    [['--workspace', workspaceId], '--url'],
  ])('refuses %j as a USAGE_ERROR naming %s, sending nothing', async (flags, named) => {
    const run = await radar(['webhook', 'create', ...flags]);
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining(named) });
    expect(run.sent).toEqual([]);
  });

  it("prints the service's refusal of a URL (422) on stderr and exits 1", async () => {
    const message = 'body field "url": host 10.0.0.1 is a private address, which is not accepted';
    const run = await radar(['webhook', 'create', '--workspace', workspaceId, '--url', 'https://10.0.0.1/'], {
      reply: answer(422, { detail: { code: 'VALIDATION_ERROR', message } }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.error()).toEqual({ code: 'VALIDATION_ERROR', message });
  });

  it('refuses an answer whose secret is not a whsec_ secret instead of printing it', async () => {
    const run = await radar(['webhook', 'create', '--workspace', workspaceId, '--url', 'https://hooks.example.com/'], {
      reply: answer(201, { webhook_id: webhookId, secret: 'plain' }),
    });
    expect(run.code).toBe(1);
    expect(run.error().code).toBe('UNEXPECTED_RESPONSE');
  });
});

describe('radar webhook test', () => {
  const webhookId = randomUUID();
  const result = {
    webhook_id: webhookId,
    url: 'https://hooks.example.com/radar',
    webhook_message_id: `test_${randomUUID()}`,
    delivered: false,
    response_status: 500,
    latency_ms: 42,
    response_body: 'boom',
    error: 'receiver answered 500',
  };

  it("posts to the webhook's test route and prints the receiver's answer", async () => {
    const run = await radar(['webhook', 'test', '--webhook', webhookId], { reply: answer(200, result) });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual(result);
    expect(run.sent).toEqual([
      expect.objectContaining({ url: `http://127.0.0.1:8081/operator/v1/webhooks/${webhookId}/test`, method: 'POST' }),
    ]);
  });

  it('refuses a webhook id that is not a UUID as a USAGE_ERROR naming --webhook, sending nothing', async () => {
    const run = await radar(['webhook', 'test', '--webhook', 'wh_1']);
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining('--webhook') });
    expect(run.sent).toEqual([]);
  });

  it('prints NOT_FOUND for an unknown webhook and exits 1', async () => {
    const run = await radar(['webhook', 'test', '--webhook', webhookId], { reply: answer(404, { detail: { code: 'NOT_FOUND', message: 'No webhook' } }) });
    expect(run.code).toBe(1);
    expect(run.error().code).toBe('NOT_FOUND');
  });
});

describe('radar slack connect', () => {
  const connectionId = randomUUID();
  const incoming = 'https://hooks.slack.com/services/T000/B000/XXXX';

  it('posts the workspace, incoming-webhook URL and channel and prints {slack_connection_id}', async () => {
    const run = await radar(['slack', 'connect', '--workspace', workspaceId, '--url', incoming, '--channel', '#signals'], {
      reply: answer(201, { slack_connection_id: connectionId }),
    });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ slack_connection_id: connectionId });
    expect(run.sent[0]).toMatchObject({
      url: 'http://127.0.0.1:8081/operator/v1/slack-connections',
      method: 'POST',
      body: { workspace_id: workspaceId, url: incoming, channel: '#signals' },
    });
  });

  it.each([
    [['--workspace', workspaceId, '--url', incoming], '--channel'],
    [['--workspace', workspaceId, '--url', incoming, '--channel', '  '], '--channel'],
    [['--workspace', workspaceId, '--url', 'not a url', '--channel', 'x'], '--url'],
  ])('refuses %j as a USAGE_ERROR naming %s, sending nothing', async (flags, named) => {
    const run = await radar(['slack', 'connect', ...flags]);
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining(named) });
    expect(run.sent).toEqual([]);
  });
});

describe('failures', () => {
  const grant = ['credits', 'grant', '--workspace', workspaceId, '--amount', '5'];

  it("prints the API's error code and message on stderr and exits 1", async () => {
    const run = await radar(grant, { reply: answer(404, { detail: { code: 'NOT_FOUND', message: `No workspace ${workspaceId}` } }) });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`{"error":{"code":"NOT_FOUND","message":"No workspace ${workspaceId}"}}\n`);
  });

  it('reports a refused operator secret as OPERATOR_UNAUTHORIZED', async () => {
    const run = await radar(grant, { reply: answer(401, { detail: { code: 'OPERATOR_UNAUTHORIZED', message: 'Operator secret missing or wrong' } }) });
    expect(run.code).toBe(1);
    expect(run.error().code).toBe('OPERATOR_UNAUTHORIZED');
  });

  it('reports an operator interface that cannot be reached as SERVICE_UNAVAILABLE (exit 1)', async () => {
    const refused: FetchLike = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    };
    const run = await radar(grant, { reply: refused });
    expect(run.code).toBe(1);
    expect(run.error()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('reports an operator interface that does not answer in time as SERVICE_UNAVAILABLE', async () => {
    const silent: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const run = await radar(grant, { env: { OPERATOR_SECRET: SECRET, RADAR_OPERATOR_TIMEOUT_MS: '20' }, reply: silent });
    expect(run.code).toBe(1);
    expect(run.error()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('no answer within 20 ms') });
  });

  it('reports a 502 without an envelope as SERVICE_UNAVAILABLE and other bare errors as UNEXPECTED_RESPONSE', async () => {
    const badGateway = await radar(grant, { reply: async () => new Response('<html>Bad Gateway</html>', { status: 502 }) });
    expect(badGateway.error().code).toBe('SERVICE_UNAVAILABLE');
    const teapot = await radar(grant, { reply: async () => new Response('no', { status: 418 }) });
    expect(teapot.error().code).toBe('UNEXPECTED_RESPONSE');
    expect(teapot.code).toBe(1);
  });

  it('refuses a success answer that does not match the contract instead of printing it', async () => {
    const run = await radar(grant, { reply: answer(200, { balance: 'lots' }) });
    expect(run.code).toBe(1);
    expect(run.error().code).toBe('UNEXPECTED_RESPONSE');
    expect(run.stdout).toBe('');
  });

  it('needs OPERATOR_SECRET: CONFIG_ERROR (exit 2) and nothing sent', async () => {
    const run = await radar(grant, { env: {} });
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'CONFIG_ERROR', message: expect.stringContaining('OPERATOR_SECRET') });
    expect(run.sent).toHaveLength(0);
  });

  it('uses RADAR_OPERATOR_URL, with or without a trailing slash', async () => {
    const run = await radar(grant, {
      env: { OPERATOR_SECRET: SECRET, RADAR_OPERATOR_URL: 'http://10.0.0.9:9000/' },
      reply: answer(200, { workspace_id: workspaceId, balance: 5 }),
    });
    expect(run.sent[0]?.url).toBe('http://10.0.0.9:9000/operator/v1/credits/grants');
  });

  it('refuses a RADAR_OPERATOR_URL that is not http(s) as CONFIG_ERROR', async () => {
    const run = await radar(grant, { env: { OPERATOR_SECRET: SECRET, RADAR_OPERATOR_URL: 'ftp://example' } });
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'CONFIG_ERROR', message: expect.stringContaining('RADAR_OPERATOR_URL') });
  });

  it.each([[['nope']], [['workspace']], [[]], [['workspace', 'create', '--name', 'x', '--bogus']], [['workspace', 'create', '--name']]])(
    'treats %j as a USAGE_ERROR (exit 2)',
    async (argv) => {
      const run = await radar(argv);
      expect(run.code).toBe(2);
      expect(run.error().code).toBe('USAGE_ERROR');
      expect(run.stdout).toBe('');
    },
  );

  it('prints help on stdout and exits 0 for --help, without reading the environment', async () => {
    const run = await radar(['token', 'create', '--help'], { env: {} });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--expires-in-days <days>');
    expect(run.stderr).toBe('');
  });
});
