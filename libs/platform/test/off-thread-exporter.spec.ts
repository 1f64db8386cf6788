import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTelemetry } from '../src/telemetry';
import { OffThreadOtlpExporter } from '../src/telemetry/off-thread-exporter';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A collector stand-in: records each request and answers with the status the test sets. */
async function startCollector(): Promise<{ server: Server; endpoint: string; received: Received[]; answer: { status: number } }> {
  const received: Received[] = [];
  const answer = { status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { 'content-type': req.headers['content-type'] ?? 'application/json' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, answer };
}

/** Spans of a finished trace, as the batch processor hands them to an exporter. */
function finishedSpans(names: string[]): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] }).getTracer('test');
  for (const name of names) tracer.startSpan(name, { attributes: { 'test.name': name } }).end();
  return memory.getFinishedSpans();
}

const exportWith = (exporter: OffThreadOtlpExporter, spans: ReadableSpan[]) =>
  new Promise<ExportResult>((resolve) => exporter.export(spans, resolve));

describe('OffThreadOtlpExporter', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const exporters: OffThreadOtlpExporter[] = [];
  const exporterFor = (encoding: 'protobuf' | 'json', env: NodeJS.ProcessEnv = {}) => {
    const exporter = new OffThreadOtlpExporter({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: encoding === 'json' ? 'http/json' : 'http/protobuf',
      ...env,
    });
    exporters.push(exporter);
    return exporter;
  };

  beforeEach(async () => {
    collector = await startCollector();
  });
  afterEach(async () => {
    await Promise.all(exporters.splice(0).map((exporter) => exporter.shutdown()));
    await new Promise((resolve) => collector.server.close(resolve));
  });

  it('sends the spans, serialized as OTLP protobuf, to the endpoint given in its environment', async () => {
    const spans = finishedSpans(['GET /credits', 'SELECT ledger']);
    const result = await exportWith(exporterFor('protobuf'), spans);

    expect(result.code).toBe(ExportResultCode.SUCCESS);
    expect(collector.received).toHaveLength(1);
    const [request] = collector.received;
    expect(request!.path).toBe('/v1/traces');
    expect(request!.headers['content-type']).toBe('application/x-protobuf');
    expect(request!.body.equals(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!))).toBe(true);
  });

  it('sends OTLP JSON with the headers of OTEL_EXPORTER_OTLP_HEADERS', async () => {
    const spans = finishedSpans(['POST /exports']);
    const exporter = exporterFor('json', { OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-token=secret-1' });
    const result = await exportWith(exporter, spans);

    expect(result.code).toBe(ExportResultCode.SUCCESS);
    const [request] = collector.received;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-collector-token']).toBe('secret-1');
    const body = JSON.parse(request!.body.toString('utf8')) as { resourceSpans: { scopeSpans: { spans: { name: string; traceId: string }[] }[] }[] };
    const sent = body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    expect(sent).toEqual([expect.objectContaining({ name: 'POST /exports', traceId: spans[0]!.spanContext().traceId })]);
  });

  it('reports an export the collector refused as failed', async () => {
    collector.answer.status = 400;
    const result = await exportWith(exporterFor('protobuf'), finishedSpans(['GET /credits']));

    expect(result.code).toBe(ExportResultCode.FAILED);
    expect(result.error?.message).toBeTruthy();
  });

  it('answers every export it was given before forceFlush resolves', async () => {
    const exporter = exporterFor('protobuf');
    const results: ExportResult[] = [];
    for (const name of ['a', 'b', 'c']) exporter.export(finishedSpans([name]), (result) => results.push(result));
    await exporter.forceFlush();

    expect(results.map((result) => result.code)).toEqual([ExportResultCode.SUCCESS, ExportResultCode.SUCCESS, ExportResultCode.SUCCESS]);
    expect(collector.received).toHaveLength(3);
  });

  it('refuses exports once shut down', async () => {
    const exporter = exporterFor('protobuf');
    expect((await exportWith(exporter, finishedSpans(['before']))).code).toBe(ExportResultCode.SUCCESS);
    await exporter.shutdown();

    const after = await exportWith(exporter, finishedSpans(['after']));
    expect(after.code).toBe(ExportResultCode.FAILED);
    expect(collector.received).toHaveLength(1);
  });
});

describe('startTelemetry', () => {
  it('refuses an OTLP protocol other than HTTP with a message naming the ones it takes', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' };
    expect(() => startTelemetry('test-service', {}, env)).toThrow('OTEL_EXPORTER_OTLP_PROTOCOL is grpc: traces go by OTLP over HTTP, set http/protobuf (the default) or http/json');
  });
});
