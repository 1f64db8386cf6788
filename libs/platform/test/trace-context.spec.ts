import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { z } from 'zod';
import { Bus } from '../src/nats';
import { silentLogger, testInfrastructure, testNamespace } from '../src/testing';

const echoTrace = {
  subject: 'test.trace.echo',
  request: z.object({}),
  reply: z.object({ traceId: z.string() }),
};

describe('trace context over NATS', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let server: Bus;
  let client: Bus;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    const namespace = testNamespace();
    server = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'trace-server', namespace, logger: silentLogger() });
    client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'trace-client', namespace, logger: silentLogger() });
    server.serve(echoTrace, async () => ({ traceId: trace.getActiveSpan()?.spanContext().traceId ?? 'none' }), { queue: 'q' });
    // The subscription reaches the server before the client's request does (they travel on two connections).
    await server.connection.flush();
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('continues the caller trace in the handler of a request', async () => {
    const tracer = trace.getTracer('test');
    const { callerTraceId, reply } = await tracer.startActiveSpan('caller', async (span) => {
      const answer = await client.request(echoTrace, {});
      span.end();
      return { callerTraceId: span.spanContext().traceId, reply: answer };
    });
    expect(reply.traceId).toBe(callerTraceId);
    expect(exporter.getFinishedSpans().map((s) => s.name)).toContain('test.trace.echo');
  });
});
