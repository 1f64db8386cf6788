import { randomUUID } from 'node:crypto';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { aSignalDelivered, eventually } from '@radar/platform/testing';
import { startHttpReceiver, type HttpReceiver } from './receivers/http-receiver';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

const exporter = new InMemorySpanExporter();
let service: RunningWebhookDispatch;
let receiver: HttpReceiver;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  service = await startWebhookDispatch({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback' } });
  receiver = await startHttpReceiver();
  receiver.respondWith(() => ({ status: 200 }));
});
afterAll(async () => {
  await receiver.close();
  await service.close();
  trace.disable();
  propagation.disable();
  context.disable();
});

describe('a delivery in the trace of its signal', () => {
  it('handles the signal, queues the job through the job outbox, attempts it and reports the outcome, all in the trace that published the signal', async () => {
    await service.deliveryUpdates();
    const workspaceId = randomUUID();
    const created = await service.operator('/webhooks', { workspace_id: workspaceId, url: `http://127.0.0.1:${receiver.port}/hooks/traced` });
    expect(created.status).toBe(201);
    const event = aSignalDelivered({ workspaceId, webhookId: created.body.webhook_id as string });

    const traceId = await trace.getTracer('spec').startActiveSpan('signal-ingest check', async (span) => {
      await service.publishSignal(event);
      span.end();
      return span.spanContext().traceId;
    });

    const names = await eventually(() => {
      const inTrace = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId).map((span) => span.name);
      return inTrace.includes('delivery.updated') ? inTrace : undefined;
    }, 'the delivery outcome heard in the signal trace');
    // The attempt is recorded in a batch with others; its delivery.updated still continues its own trace.
    expect(names).toEqual(expect.arrayContaining(['signal-ingest check', 'signal.delivered', 'delivery.webhook', 'delivery.updated']));
    expect(receiver.requests.filter((request) => request.path === '/hooks/traced')).toHaveLength(1);
  });
});
