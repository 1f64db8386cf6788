import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type ReadableSpan,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import { Router } from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { request } from 'undici';
import { createPool, inTransaction } from '../src/database';
import { createServiceApp } from '../src/http';
import { OutboxRelay } from '../src/outbox';
import { RabbitMq, RetryLater, type RabbitMqOptions } from '../src/rabbitmq';
import { currentTraceCarrier, inTraceOf, tracePostgresQueries, withClientSpan } from '../src/telemetry';
import { setServerSpans } from '../src/telemetry/incoming-http';
import { silentLogger, testInfrastructure, testNamespace } from '../src/testing';
import { busPool, inbox, revoked } from './bus-harness';
import { commitChange, outboxDatabase } from './outbox-harness';

const exporter = new InMemorySpanExporter();
/** The SDK's default sampling (parent-based, every new trace sampled), counting the decisions asked of it: each is a span started. */
const defaultSampler = new ParentBasedSampler({ root: new AlwaysOnSampler() });
let samplingDecisions = 0;
const countingSampler: Sampler = {
  shouldSample: (...args) => {
    samplingDecisions += 1;
    return defaultSampler.shouldSample(...args);
  },
  toString: () => 'counting parent-based sampler',
};
const tracer = () => trace.getTracer('spec');
const buses = busPool();
let untrace: () => void;

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ sampler: countingSampler, spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  untrace = tracePostgresQueries();
});
afterAll(async () => {
  untrace();
  await buses.closeAll();
  trace.disable();
  propagation.disable();
  context.disable();
});
beforeEach(() => {
  exporter.reset();
  samplingDecisions = 0;
});

/** Runs `work` in a new root span and answers the span's trace id with the work's result. */
async function inNewTrace<T>(name: string, work: () => Promise<T>): Promise<{ traceId: string; result: T }> {
  return tracer().startActiveSpan(name, async (span) => {
    try {
      return { traceId: span.spanContext().traceId, result: await work() };
    } finally {
      span.end();
    }
  });
}

/** Runs `work` under a remote parent whose trace was not sampled (a `traceparent` ending in -00). */
function underUnsampledParent<T>(work: () => T): { traceId: string; spanId: string; result: T } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  const parent = trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.NONE, isRemote: true });
  return { traceId, spanId, result: context.with(parent, work) };
}

const spansOf = (traceId: string): ReadableSpan[] => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
const activeTraceId = () => trace.getActiveSpan()?.spanContext().traceId;

describe('PostgreSQL statements', () => {
  let database: Awaited<ReturnType<typeof outboxDatabase>>;
  beforeAll(async () => {
    database = await outboxDatabase();
  });
  afterAll(() => database.close());

  it('are CLIENT spans of the trace at work, with the statement and never its values', async () => {
    const { traceId } = await inNewTrace('caller', async () => {
      await database.pool.query('SELECT $1::text AS secret', ['the-value']);
      await inTransaction(database.pool, (client) => client.query("INSERT INTO changes (what) VALUES ('traced')"));
    });
    const statements = spansOf(traceId).filter((span) => span.kind === SpanKind.CLIENT);
    expect(statements.map((span) => span.attributes['db.statement'])).toEqual(['SELECT $1::text AS secret', 'BEGIN', "INSERT INTO changes (what) VALUES ('traced')", 'COMMIT']);
    expect(statements[0]?.name).toMatch(/^SELECT radar_test_platform_outbox/);
    expect(statements[0]?.attributes).toMatchObject({ 'db.system': 'postgresql', 'db.operation': 'SELECT', 'db.response.returned_rows': 1 });
    expect(JSON.stringify(statements.map((span) => span.attributes))).not.toContain('the-value');
  });

  it('record a failed statement as an error and pass its error on unchanged', async () => {
    const { traceId, result } = await inNewTrace('caller', () => database.pool.query('SELECT * FROM no_such_table').catch((error: Error) => error.message));
    expect(result).toMatch(/no_such_table/);
    const [failed] = spansOf(traceId).filter((span) => span.kind === SpanKind.CLIENT);
    expect(failed?.status.code).toBe(2);
  });

  it('are not traced outside any trace (pollers would make a one-span trace every few seconds)', async () => {
    await database.pool.query('SELECT 1');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('make no spans in an unsampled trace', async () => {
    const { result } = underUnsampledParent(() => database.pool.query('SELECT 1 AS one'));
    expect((await result).rows).toEqual([{ one: 1 }]);
    expect(samplingDecisions).toBe(0);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('keep each caller in its own trace when they wait for the one connection of a pool', async () => {
    const pool = createPool(database.database.url, { max: 1 });
    try {
      const callers = await Promise.all(
        Array.from({ length: 4 }, (_, index) => inNewTrace(`caller-${index}`, () => pool.query('SELECT pg_sleep(0.02), $1::int AS caller', [index]))),
      );
      for (const { traceId } of callers) {
        expect(spansOf(traceId).filter((span) => span.kind === SpanKind.CLIENT)).toHaveLength(1);
      }
    } finally {
      await pool.end();
    }
  });
});

describe('the outbox hop', () => {
  let database: Awaited<ReturnType<typeof outboxDatabase>>;
  beforeAll(async () => {
    database = await outboxDatabase();
  });
  afterAll(() => database.close());

  it("continues the writer's trace in the consumer of the event the relay published later", async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const consumed = inbox<string | undefined>();
    await bus.consume('identity.token.revoked', { durable: 'spec-outbox-trace' }, async () => consumed.push(activeTraceId()));
    const event = revoked();
    // The writer's transaction commits inside its trace; the relay runs outside any trace.
    const { traceId } = await inNewTrace('writer', () => commitChange(database.pool, 'revoked', { subject: 'identity.token.revoked', payload: event }));
    const relay = new OutboxRelay({ pool: database.pool, bus, logger: silentLogger() });
    await relay.publishPending();
    const [consumerTrace] = await consumed.until(1);
    expect(consumerTrace).toBe(traceId);
  });

  it('continues the trace an event carries when it was written outside it (a batch written for many callers)', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const consumed = inbox<string | undefined>();
    await bus.consume('identity.token.revoked', { durable: 'spec-outbox-own-trace' }, async () => consumed.push(activeTraceId()));
    const { traceId, result: carrier } = await inNewTrace('caller', async () => currentTraceCarrier());
    await inNewTrace('batch writer', () => commitChange(database.pool, 'revoked', { subject: 'identity.token.revoked', payload: revoked(), traceContext: carrier }));
    const relay = new OutboxRelay({ pool: database.pool, bus, logger: silentLogger() });
    await relay.publishPending();
    const [consumerTrace] = await consumed.until(1);
    expect(consumerTrace).toBe(traceId);
  });
});

describe('RabbitMQ', () => {
  const opened: { rabbit: RabbitMq; options: RabbitMqOptions }[] = [];
  afterAll(async () => {
    for (const { rabbit, options } of opened) {
      await rabbit.close({ graceMs: 0 });
      await RabbitMq.deleteTopology(options);
    }
  });

  it("continues the publisher's trace in the handler, on the first attempt and after a retry", async () => {
    const options: RabbitMqOptions = {
      url: testInfrastructure.amqpUrl,
      name: 'platform-tracing-spec',
      prefix: testNamespace(),
      logger: pino({ level: 'silent' }),
      queues: { 'delivery.webhook': { retryDelaysMs: [100] } },
    };
    const rabbit = await RabbitMq.connect(options);
    opened.push({ rabbit, options });
    const attempts = inbox<string | undefined>();
    await rabbit.consume('delivery.webhook', { prefetch: 1 }, async (_message, delivery) => {
      attempts.push(activeTraceId());
      if (delivery.attempt === 1) throw new RetryLater(100, 'receiver busy');
    });
    const { traceId } = await inNewTrace('publisher', () => rabbit.publish('delivery.webhook', { deliveryId: randomUUID() }));
    expect(await attempts.until(2)).toEqual([traceId, traceId]);
  });
});

describe('inTraceOf', () => {
  it('puts every piece of work on a record in the trace whose id is the record id, each a child of one parent', async () => {
    const runId = randomUUID();
    await inTraceOf(runId, 'first', async () => undefined);
    await inTraceOf(runId, 'second', async () => undefined);
    const spans = spansOf(runId.replace(/-/g, ''));
    expect(spans.map((span) => span.name)).toEqual(['first', 'second']);
    expect(new Set(spans.map((span) => span.parentSpanContext?.spanId)).size).toBe(1);
  });

  it('links to the trace the caller was in, and runs the work in the record trace', async () => {
    const runId = randomUUID();
    const { traceId: batchTrace, result: inside } = await inNewTrace('batch', () => inTraceOf(runId, 'settle', async () => activeTraceId()));
    expect(inside).toBe(runId.replace(/-/g, ''));
    const [settle] = spansOf(runId.replace(/-/g, ''));
    expect(settle?.links.map((link) => link.context.traceId)).toEqual([batchTrace]);
  });
});

describe('withClientSpan', () => {
  let server: Server;
  let url: string;
  const received: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(req.headers);
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/things/1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the trace context with a request made through undici and records the status', async () => {
    const { traceId } = await inNewTrace('caller', () =>
      withClientSpan('GET', url, (headers) => request(url, { headers }).then(async (answer) => (await answer.body.dump(), answer)), (answer) => answer.statusCode),
    );
    expect(received.at(-1)?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const [client] = spansOf(traceId).filter((span) => span.kind === SpanKind.CLIENT);
    expect(client?.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 204, 'url.full': url });
  });
});

describe('withClientSpan in an unsampled trace', () => {
  it('makes no span and sends the context on, marked not sampled', async () => {
    let sent: Record<string, string> = {};
    const { traceId, spanId, result } = underUnsampledParent(() =>
      withClientSpan(
        'GET',
        'http://127.0.0.1:9/things/1',
        async (headers) => {
          sent = headers;
          return 204;
        },
        (status) => status,
      ),
    );
    expect(await result).toBe(204);
    expect(sent.traceparent).toBe(`00-${traceId}-${spanId}-00`);
    expect(samplingDecisions).toBe(0);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

const sampledParent = (traceId: string) => `00-${traceId}-${randomBytes(8).toString('hex')}-01`;

/** A POST whose headers go first and body in a later write: the service reads the body in events of its own. */
function postLate(port: number, path: string, headers: Record<string, string | number>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sending = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(text));
    });
    sending.on('error', reject);
    sending.flushHeaders();
    setTimeout(() => sending.end(body), 50);
  });
}

describe('incoming HTTP requests', () => {
  const app = createServiceApp({
    logger: silentLogger(),
    routes: Router()
      .get('/things/:id', (req, res) => {
        res.json({ traceId: activeTraceId() });
      })
      .post('/things', (req, res) => {
        res.json({ traceId: activeTraceId(), received: req.body as unknown });
      })
      .get('/carried', (req, res) => {
        res.json({ traceId: activeTraceId(), carrier: currentTraceCarrier() });
      })
      .get('/broken', () => {
        throw new Error('broken on purpose');
      })
      .get('/unanswered', () => {
        unansweredReached();
      }),
  });
  let unansweredReached: () => void = () => undefined;
  beforeAll(() => setServerSpans(true));
  afterAll(() => setServerSpans(false));

  it("are SERVER spans named by route that continue the caller's trace, with the handler in them", async () => {
    const { traceId, result } = await inNewTrace('caller', () =>
      withClientSpan('GET', 'http://127.0.0.1/things/7', (headers) => supertest(app).get('/things/7').set(headers), (answer) => answer.status),
    );
    expect(result.body).toEqual({ traceId });
    const [server] = spansOf(traceId).filter((span) => span.kind === SpanKind.SERVER);
    const [client] = spansOf(traceId).filter((span) => span.kind === SpanKind.CLIENT);
    expect(server?.name).toBe('GET /things/:id');
    expect(server?.parentSpanContext?.spanId).toBe(client?.spanContext().spanId);
    expect(server?.attributes).toMatchObject({ 'http.request.method': 'GET', 'url.path': '/things/7', 'url.scheme': 'http', 'http.route': '/things/:id', 'http.response.status_code': 200 });
  });

  it("run the handlers after the body is read in the request's trace, also when it arrives after the headers", async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const body = JSON.stringify({ name: 'seven' });
      const jsonTrace = randomBytes(16).toString('hex');
      const json = await postLate(port, '/things', { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), traceparent: sampledParent(jsonTrace) }, body);
      expect(JSON.parse(json)).toEqual({ traceId: jsonTrace, received: { name: 'seven' } });
      // A chunked body without a media type is waited for until it proves empty.
      const emptyTrace = randomBytes(16).toString('hex');
      const empty = await postLate(port, '/things', { 'transfer-encoding': 'chunked', traceparent: sampledParent(emptyTrace) }, '');
      expect(JSON.parse(empty)).toEqual({ traceId: emptyTrace });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('continue an unsampled trace without a span: the handler is in it, and passes it on as not sampled', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const answer = await supertest(app).get('/carried').set('traceparent', `00-${traceId}-${callerSpanId}-00`);
    expect(answer.body.traceId).toBe(traceId);
    // No span is started at all (none asked the sampler): the caller's context goes on unchanged.
    expect(answer.body.carrier.traceparent).toBe(`00-${traceId}-${callerSpanId}-00`);
    expect(samplingDecisions).toBe(0);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('start a trace of their own without a traceparent, mark a 500 as an error, and leave probes untraced', async () => {
    expect((await supertest(app).get('/broken')).status).toBe(500);
    expect((await supertest(app).get('/healthz')).status).toBe(200);
    const servers = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
    expect(servers.map((span) => span.name)).toEqual(['GET /broken']);
    expect(servers[0]?.parentSpanContext).toBeUndefined();
    expect(servers[0]?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('end when the client goes away before the answer, marked as an error', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const traceId = randomBytes(16).toString('hex');
      const reached = new Promise<void>((resolve) => (unansweredReached = resolve));
      const sending = httpRequest({ host: '127.0.0.1', port, path: '/unanswered', headers: { traceparent: sampledParent(traceId) } });
      sending.on('error', () => undefined);
      sending.end();
      await reached;
      sending.destroy();
      let span: ReadableSpan | undefined;
      while (!(span = spansOf(traceId).find((candidate) => candidate.kind === SpanKind.SERVER))) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(span.name).toBe('GET /unanswered');
      expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the client went away before the answer was sent' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('are not made while tracing is off', async () => {
    setServerSpans(false);
    try {
      expect((await supertest(app).get('/things/1')).status).toBe(200);
      expect(exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)).toEqual([]);
    } finally {
      setServerSpans(true);
    }
  });
});

describe("a request's log line", () => {
  const lines: { msg?: string; trace_id?: string }[] = [];
  const destination = { write: (line: string) => lines.push(JSON.parse(line) as { msg?: string; trace_id?: string }) };
  // As createLogger does: the trace id of the span at work when the line is written.
  const logger = pino({ mixin: () => ({ trace_id: activeTraceId() }) }, destination);
  const streams: PassThrough[] = [];
  const app = createServiceApp({
    logger,
    routes: Router().get('/streamed', (_req, res) => {
      const answer = new PassThrough();
      streams.push(answer);
      answer.pipe(res);
    }),
  });
  beforeAll(() => setServerSpans(true));
  afterAll(() => setServerSpans(false));

  it('is written in the trace of the request, also when the answer ends outside it (a stream fed from elsewhere)', async () => {
    const traceId = randomBytes(16).toString('hex');
    const answered = supertest(app).get('/streamed').set('traceparent', sampledParent(traceId)).then((answer) => answer);
    while (streams.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // The test's own context, outside any trace, ends the answer.
    expect(activeTraceId()).toBeUndefined();
    streams[0]!.end('done');
    expect((await answered).text).toBe('done');
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.trace_id)).toEqual([traceId]);
  });
});
