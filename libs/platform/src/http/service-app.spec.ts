import { Router } from 'express';
import request from 'supertest';
import { ERROR_STATUS, errorEnvelopeSchema, type ErrorCode } from '@radar/contracts';
import { AppError } from '../errors';
import { silentLogger } from '../testing';
import { createServiceApp } from './app';
import { sendError } from './error-handler';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function routes(): Router {
  const router = Router();
  router.post('/echo', (req, res) => {
    res.json({ received: req.body as unknown, requestId: req.requestId });
  });
  router.get('/app-error/:code', (req) => {
    throw new AppError(req.params.code as ErrorCode, `failed with ${req.params.code}`, { hint: 'from the use case' });
  });
  router.get('/things/:thing_id', (req, res) => {
    res.json({ thing_id: req.params.thing_id });
  });
  router.get('/boom', () => {
    throw new Error('secret internals: SELECT * FROM tokens');
  });
  router.get('/async-boom', async () => {
    await Promise.resolve();
    throw new TypeError('undefined is not a function');
  });
  router.get('/upstream-missing', (_req, res) => {
    sendError(res, 'SERVICE_UNAVAILABLE', 'The export service is not available yet');
  });
  router.get('/database-down', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw new Error('could not load the workspace', { cause: new Error('query failed', { cause: refused }) });
  });
  return router;
}

const app = createServiceApp({
  logger: silentLogger(),
  routes: routes(),
  jsonLimitBytes: 1024,
});

function envelopeOf(body: unknown) {
  return errorEnvelopeSchema.parse(body).detail;
}

describe('createServiceApp: request id', () => {
  it('echoes a sane X-Request-Id from the caller and hands it to the route', async () => {
    const response = await request(app).post('/echo').set('X-Request-Id', 'req-abc.123_XYZ').send({ a: 1 });
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('req-abc.123_XYZ');
    expect(response.body).toEqual({ received: { a: 1 }, requestId: 'req-abc.123_XYZ' });
  });

  it('generates a UUID when the caller sent none', async () => {
    const response = await request(app).get('/healthz');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it.each([
    ['one with spaces', 'has spaces in it'],
    ['an overlong one', 'a'.repeat(129)],
    ['one with control characters', 'abc\tdef'],
  ])('replaces %s with a generated UUID', async (_label, given) => {
    const response = await request(app).get('/healthz').set('X-Request-Id', given);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('gives every request its own generated id', async () => {
    const [first, second] = await Promise.all([request(app).get('/healthz'), request(app).get('/healthz')]);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('carries the request id on error responses too', async () => {
    const response = await request(app).get('/nowhere').set('X-Request-Id', 'trace-me');
    expect(response.headers['x-request-id']).toBe('trace-me');
  });
});

describe('createServiceApp: error envelope', () => {
  it('answers malformed JSON with 422 VALIDATION_ERROR naming the problem', async () => {
    const response = await request(app).post('/echo').set('Content-Type', 'application/json').send('{"a": 1,');
    expect(response.status).toBe(422);
    const detail = envelopeOf(response.body);
    expect(detail.code).toBe('VALIDATION_ERROR');
    expect(detail.message).toMatch(/^Malformed JSON body: .*JSON/);
  });

  it('answers an unknown route with 404 NOT_FOUND naming the method and path', async () => {
    const response = await request(app).delete('/no/such/thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: { code: 'NOT_FOUND', message: 'No route for DELETE /no/such/thing' } });
  });

  it.each(['/things/%FF', '/things/%E0%A4%A', '/things/abc%', '/things/%C0%80'])(
    'answers the path %s, which is not valid percent-encoding, with 404 NOT_FOUND and the request id',
    async (path) => {
      const response = await request(app).get(path).set('X-Request-Id', 'req-bad-path');
      expect(response.status).toBe(404);
      expect(response.headers['x-request-id']).toBe('req-bad-path');
      const detail = envelopeOf(response.body);
      expect(detail.code).toBe('NOT_FOUND');
      expect(detail.message).toBe(`No route for GET ${path}: the path is not valid percent-encoding`);
    },
  );

  it('still decodes a path parameter that is valid percent-encoding', async () => {
    const response = await request(app).get('/things/caf%C3%A9%20%2F');
    expect(response.body).toEqual({ thing_id: 'café /' });
  });

  it.each(['NOT_FOUND', 'CONFLICT', 'INSUFFICIENT_SCOPE', 'RATE_LIMITED', 'insufficient_balance', 'TOKEN_EXPIRED'] as const)(
    'answers a thrown AppError %s with its status from ERROR_STATUS, message and details',
    async (code) => {
      const response = await request(app).get(`/app-error/${code}`);
      expect(response.status).toBe(ERROR_STATUS[code]);
      expect(response.body).toEqual({ detail: { code, message: `failed with ${code}`, details: { hint: 'from the use case' } } });
    },
  );

  it('adds the request id to a thrown AppError with a 5xx code, keeping its details', async () => {
    const response = await request(app).get('/app-error/SERVICE_UNAVAILABLE').set('X-Request-Id', 'req-peer-down');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      detail: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'failed with SERVICE_UNAVAILABLE',
        details: { hint: 'from the use case', request_id: 'req-peer-down' },
      },
    });
  });

  it('adds the request id to a 5xx a route sends directly', async () => {
    const response = await request(app).get('/upstream-missing').set('X-Request-Id', 'req-direct');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      detail: { code: 'SERVICE_UNAVAILABLE', message: 'The export service is not available yet', details: { request_id: 'req-direct' } },
    });
  });

  it('adds no request id to a 4xx', async () => {
    const response = await request(app).get('/app-error/CONFLICT');
    expect(response.body.detail.details).toEqual({ hint: 'from the use case' });
  });

  it('answers an unknown thrown Error with 500 INTERNAL_ERROR, the request id and nothing of the error', async () => {
    const response = await request(app).get('/boom').set('X-Request-Id', 'req-500');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      detail: { code: 'INTERNAL_ERROR', message: 'Internal error', details: { request_id: 'req-500' } },
    });
    expect(response.text).not.toMatch(/secret internals|SELECT|at .*\.ts|stack/);
  });

  it('answers a rejected async handler the same way', async () => {
    const response = await request(app).get('/async-boom');
    expect(response.status).toBe(500);
    const detail = envelopeOf(response.body);
    expect(detail.code).toBe('INTERNAL_ERROR');
    expect(detail.details).toEqual({ request_id: response.headers['x-request-id'] });
    expect(response.text).not.toContain('TypeError');
  });

  it('answers an error whose cause chain holds ECONNREFUSED with 503 SERVICE_UNAVAILABLE', async () => {
    const response = await request(app).get('/database-down').set('X-Request-Id', 'req-503');
    expect(response.status).toBe(503);
    const detail = envelopeOf(response.body);
    expect(detail.code).toBe('SERVICE_UNAVAILABLE');
    expect(detail.details).toEqual({ request_id: 'req-503' });
    expect(response.text).not.toContain('5432');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await request(app)
      .post('/echo')
      .send({ filler: 'x'.repeat(2048) });
    expect(response.status).toBe(413);
    expect(envelopeOf(response.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a body in an unsupported charset with 422 VALIDATION_ERROR, not 500', async () => {
    const response = await request(app)
      .post('/echo')
      .set('Content-Type', 'application/json; charset=klingon')
      .send('{"a":1}');
    expect(response.status).toBe(422);
    const detail = envelopeOf(response.body);
    expect(detail.code).toBe('VALIDATION_ERROR');
    expect(detail.message).toMatch(/^Unreadable request body: .*charset/i);
  });
});

describe('createServiceApp: health', () => {
  it('answers /healthz with 200', async () => {
    const response = await request(app).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when every check passes', async () => {
    const ready = createServiceApp({
      logger: silentLogger(),
      routes: Router(),
      readiness: { database: async () => 'ok', nats: async () => undefined },
    });
    const response = await request(ready).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
  });

  it('answers /readyz with 503 SERVICE_UNAVAILABLE naming only the failing checks', async () => {
    const notReady = createServiceApp({
      logger: silentLogger(),
      routes: Router(),
      readiness: {
        nats: async () => undefined,
        redis: async () => {
          throw new Error('redis down');
        },
        database: async () => {
          throw new Error('database down');
        },
      },
    });
    const response = await request(notReady).get('/readyz').set('X-Request-Id', 'req-ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      detail: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Not ready: database, redis',
        details: { failing: ['database', 'redis'], request_id: 'req-ready' },
      },
    });
  });

  it('answers /readyz with 200 when no checks are configured', async () => {
    const response = await request(app).get('/readyz');
    expect(response.status).toBe(200);
  });
});

describe('createServiceApp: proxying', () => {
  it('leaves the body unread for the route when parseJsonBodies is false, malformed JSON included', async () => {
    const router = Router();
    router.post('/forward', async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.json({ raw: Buffer.concat(chunks).toString('utf8'), parsed: req.body !== undefined });
    });
    const proxy = createServiceApp({ logger: silentLogger(), routes: router, parseJsonBodies: false });
    const response = await request(proxy).post('/forward').set('Content-Type', 'application/json').send('{"a": 1,');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ raw: '{"a": 1,', parsed: false });
  });
});
