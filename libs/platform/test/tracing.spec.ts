import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Router } from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { request } from 'undici';
import { createPool, inTransaction } from '../src/database';
import { createServiceApp } from '../src/http';
import { OutboxRelay } from '../src/outbox';
import { RabbitMq, RetryLater, type RabbitMqOptions } from '../src/rabbitmq';
import { inTraceOf, tracePostgresQueries, withClientSpan } from '../src/telemetry';
import { setServerSpans } from '../src/telemetry/incoming-http';
import { silentLogger, testInfrastructure, testNamespace } from '../src/testing';
import { busPool, inbox, revoked } from './bus-harness';
import { commitChange, outboxDatabase } from './outbox-harness';

const exporter = new InMemorySpanExporter();
const tracer = () => trace.getTracer('spec');
const buses = busPool();
let untrace: () => void;

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  untrace = tracePostgresQueries();
});
afterAll(async () => {
  untrace();
  await buses.closeAll();
  trace.disable();
  propagation.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

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

describe('incoming HTTP requests', () => {
  const app = createServiceApp({
    logger: silentLogger(),
    routes: Router()
      .get('/things/:id', (req, res) => {
        res.json({ traceId: activeTraceId() });
      })
      .get('/broken', () => {
        throw new Error('broken on purpose');
      }),
  });
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
    expect(server?.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/things/:id', 'http.response.status_code': 200 });
  });

  it('start a trace of their own without a traceparent, mark a 500 as an error, and leave probes untraced', async () => {
    expect((await supertest(app).get('/broken')).status).toBe(500);
    expect((await supertest(app).get('/healthz')).status).toBe(200);
    const servers = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
    expect(servers.map((span) => span.name)).toEqual(['GET /broken']);
    expect(servers[0]?.parentSpanContext).toBeUndefined();
    expect(servers[0]?.status.code).toBe(SpanStatusCode.ERROR);
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
