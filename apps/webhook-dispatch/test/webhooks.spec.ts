import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { TEST_SECRETS } from '@radar/platform/testing';
import { HostLookupError, type HostResolver } from '../src/domain/endpoints/endpoint-policy';
import { keyIdOf, SecretKeyring } from '../src/domain/secrets/secret-keyring';
import { SEALING_CONTEXT } from '../src/domain/secrets/sealing-context';
import { countRows, storedRow } from './support/stored-rows';
import { startWebhookDispatch, TEST_WEBHOOK_SECRET_KEY, type RunningWebhookDispatch } from './webhook-dispatch-harness';

/** DNS answers of the test's choosing: a public receiver and a name that points inside the network. */
const resolveHost: HostResolver = async (host) => {
  const table: Record<string, string[]> = { 'hooks.example.com': ['93.184.215.14'], 'intranet.example.com': ['192.168.10.20'] };
  const addresses = table[host];
  if (!addresses) throw new HostLookupError(`${host} is unknown`, false);
  return addresses;
};

const validationErrorOn = (response: request.Response, field: string) => {
  expect(response.status).toBe(422);
  expect(response.body.detail.code).toBe('VALIDATION_ERROR');
  expect(response.body.detail.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  expect(response.body.detail.message).toContain(`"${field}"`);
};

describe('POST /operator/v1/webhooks (production configuration: https, public addresses only)', () => {
  let service: RunningWebhookDispatch;
  beforeAll(async () => {
    service = await startWebhookDispatch({ resolveHost });
  });
  afterAll(() => service.close());

  const create = (body: unknown) => service.operator('/webhooks', body);

  it('creates a webhook and answers 201 {webhook_id, secret} with a whsec_ secret of 32 random bytes', async () => {
    const response = await create({ workspace_id: randomUUID(), url: 'https://hooks.example.com/radar' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ webhook_id: expect.stringMatching(/^[0-9a-f-]{36}$/), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    expect(Buffer.from(response.body.secret.slice(6), 'base64')).toHaveLength(32);
  });

  it('stores the secret sealed under the configured key: the row holds no trace of it, and it opens to the secret that was shown', async () => {
    const workspaceId = randomUUID();
    const { body } = await create({ workspace_id: workspaceId, url: 'https://hooks.example.com/sealed' });
    const row = (await storedRow(service.pool, 'webhooks', 'id = $1', [body.webhook_id]))!;
    expect(row).toMatchObject({ workspace_id: workspaceId, url: 'https://hooks.example.com/sealed', secret_key_id: keyIdOf(Buffer.from(TEST_WEBHOOK_SECRET_KEY, 'base64')) });
    const stored = JSON.stringify(Object.values(row).map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value))));
    const secretBytes = body.secret.slice(6);
    expect(stored).not.toContain(body.secret);
    expect(stored).not.toContain(secretBytes);
    expect(Buffer.from(row.secret_sealed as Uint8Array).includes(Buffer.from(secretBytes, 'base64'))).toBe(false);

    const keyring = new SecretKeyring(Buffer.from(TEST_WEBHOOK_SECRET_KEY, 'base64'));
    const sealed = { keyId: row.secret_key_id as string, sealed: new Uint8Array(row.secret_sealed as Uint8Array) };
    expect(keyring.open(sealed, SEALING_CONTEXT.webhookSecret(body.webhook_id))).toBe(body.secret);
    expect(() => new SecretKeyring(randomBytes(32)).open(sealed, SEALING_CONTEXT.webhookSecret(body.webhook_id))).toThrow();
  });

  it('gives every webhook its own secret', async () => {
    const workspaceId = randomUUID();
    const first = await create({ workspace_id: workspaceId, url: 'https://hooks.example.com/a' });
    const second = await create({ workspace_id: workspaceId, url: 'https://hooks.example.com/a' });
    expect(second.body.webhook_id).not.toBe(first.body.webhook_id);
    expect(second.body.secret).not.toBe(first.body.secret);
  });

  it('stores the URL as the URL parser normalises it', async () => {
    const { body } = await create({ workspace_id: randomUUID(), url: '  https://HOOKS.Example.com:443/path?q=1  ' });
    expect(await storedRow(service.pool, 'webhooks', 'id = $1', [body.webhook_id])).toMatchObject({ url: 'https://hooks.example.com/path?q=1' });
  });

  it.each([
    ['http (https only in production)', 'http://hooks.example.com/radar', /must use https, not http/],
    ['an ftp URL', 'ftp://hooks.example.com/radar', /must use https/],
    ['a loopback address', 'https://127.0.0.1/radar', /loopback address/],
    ['an IPv6 loopback address', 'https://[::1]:8443/radar', /loopback address/],
    ['a private address', 'https://10.0.0.8/radar', /private address/],
    ['the cloud metadata address', 'https://169.254.169.254/latest', /link-local address/],
    ['a name resolving to a private address', 'https://intranet.example.com/radar', /intranet\.example\.com resolves to 192\.168\.10\.20, a private address/],
    ['a name that does not resolve', 'https://typo.example.com/radar', /does not resolve/],
    ['text that is not a URL', 'hooks.example.com/radar', /absolute URL/],
  ])('refuses %s with 422 naming url, and stores nothing', async (_label, url, message) => {
    const workspaceId = randomUUID();
    const response = await create({ workspace_id: workspaceId, url });
    validationErrorOn(response, 'url');
    expect(response.body.detail.message).toMatch(message);
    expect(await countRows(service.pool, 'webhooks', 'workspace_id = $1', [workspaceId])).toBe(0);
  });

  it('refuses a URL longer than 2048 characters', async () => {
    validationErrorOn(await create({ workspace_id: randomUUID(), url: `https://hooks.example.com/${'a'.repeat(2048)}` }), 'url');
  });

  it.each([
    ['a missing url', { workspace_id: randomUUID() }, 'url'],
    ['a workspace that is not a UUID', { workspace_id: 'acme', url: 'https://hooks.example.com/' }, 'workspace_id'],
    ['an unknown field', { workspace_id: randomUUID(), url: 'https://hooks.example.com/', secret: 'whsec_mine' }, 'secret'],
    ['a NUL character in the url', { workspace_id: randomUUID(), url: 'https://hooks.example.com/\u0000' }, 'url'],
  ])('refuses %s with 422 naming the field', async (_label, body, field) => {
    validationErrorOn(await create(body), field);
  });

  it('refuses malformed JSON with 422 in the envelope', async () => {
    const response = await request(service.app)
      .post('/operator/v1/webhooks')
      .set('authorization', `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`)
      .set('content-type', 'application/json')
      .send('{"workspace_id": ');
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('Malformed JSON') });
  });

  it('answers 503 when the host cannot be looked up just now, and stores nothing', async () => {
    const down = await startWebhookDispatch({
      resolveHost: async () => {
        throw new HostLookupError('the resolver did not answer', true);
      },
    });
    try {
      const workspaceId = randomUUID();
      const response = await down.operator('/webhooks', { workspace_id: workspaceId, url: 'https://hooks.example.com/' });
      expect(response.status).toBe(503);
      expect(response.body.detail.code).toBe('SERVICE_UNAVAILABLE');
      expect(await countRows(down.pool, 'webhooks', 'workspace_id = $1', [workspaceId])).toBe(0);
    } finally {
      await down.close();
    }
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong operator secret', 'Bearer not-the-operator-secret'],
    ['the secret without the Bearer scheme', TEST_SECRETS.OPERATOR_SECRET],
  ])('refuses a call with %s: 401 OPERATOR_UNAUTHORIZED, nothing created', async (_label, authorization) => {
    const workspaceId = randomUUID();
    const call = request(service.app).post('/operator/v1/webhooks');
    if (authorization) call.set('authorization', authorization);
    const response = await call.send({ workspace_id: workspaceId, url: 'https://hooks.example.com/' });
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('OPERATOR_UNAUTHORIZED');
    expect(await countRows(service.pool, 'webhooks', 'workspace_id = $1', [workspaceId])).toBe(0);
  });
});

describe('POST /operator/v1/webhooks (development configuration: http and loopback allowed)', () => {
  let service: RunningWebhookDispatch;
  beforeAll(async () => {
    service = await startWebhookDispatch({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback' } });
  });
  afterAll(() => service.close());

  it('accepts a loopback receiver over http, by address and by the name localhost', async () => {
    for (const url of ['http://127.0.0.1:9999/hook', 'http://localhost:9999/hook', 'https://[::1]/hook']) {
      const response = await service.operator('/webhooks', { workspace_id: randomUUID(), url });
      expect(response.status).toBe(201);
    }
  });

  it('still refuses private and link-local addresses', async () => {
    validationErrorOn(await service.operator('/webhooks', { workspace_id: randomUUID(), url: 'http://192.168.1.1/hook' }), 'url');
    validationErrorOn(await service.operator('/webhooks', { workspace_id: randomUUID(), url: 'http://169.254.169.254/' }), 'url');
  });
});

describe('sealing key configuration', () => {
  it('refuses to start without a valid WEBHOOK_SECRET_KEY, naming the variable and not its value', async () => {
    const badKey = 'not-a-key-of-thirty-two-bytes';
    const failure = await startWebhookDispatch({ env: { WEBHOOK_SECRET_KEY: badKey } }).then(
      async (started) => {
        await started.close();
        return undefined;
      },
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toContain('WEBHOOK_SECRET_KEY');
    expect(failure?.message).not.toContain(badKey);
  });

  it('opens secrets sealed before a key rotation, and seals new ones with the new key', async () => {
    const newKey = randomBytes(32);
    const rotated = new SecretKeyring(newKey, [Buffer.from(TEST_WEBHOOK_SECRET_KEY, 'base64')]);
    const service = await startWebhookDispatch({
      env: { WEBHOOK_SECRET_KEY: newKey.toString('base64'), WEBHOOK_SECRET_PREVIOUS_KEYS: TEST_WEBHOOK_SECRET_KEY },
      resolveHost,
    });
    try {
      const { body } = await service.operator('/webhooks', { workspace_id: randomUUID(), url: 'https://hooks.example.com/' });
      const row = (await storedRow(service.pool, 'webhooks', 'id = $1', [body.webhook_id]))!;
      expect(row.secret_key_id).toBe(keyIdOf(newKey));
      const sealed = { keyId: row.secret_key_id as string, sealed: new Uint8Array(row.secret_sealed as Uint8Array) };
      expect(rotated.open(sealed, SEALING_CONTEXT.webhookSecret(body.webhook_id))).toBe(body.secret);
      expect(service.keyring.open(new SecretKeyring(Buffer.from(TEST_WEBHOOK_SECRET_KEY, 'base64')).seal('old', 'c'), 'c')).toBe('old');
    } finally {
      await service.close();
    }
  });
});
