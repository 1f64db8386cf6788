// A bare Node http server (no Express, no database, no Radar code) answering a small JSON body,
// each request in an SDK SERVER span as the services make them: what the OpenTelemetry SDK costs
// by itself. Started by tracing-bare-benchmark.ts, one process per round; TRACED=true starts the
// SDK, with the OTEL_TRACES_SAMPLER* variables as given and an exporter that discards the spans.
// Prints the port it listens on.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { NodeSDK } from '@opentelemetry/sdk-node';

const traced = process.env.TRACED === 'true';
if (traced) {
  const discarding = {
    export: (_spans: unknown[], done: (result: { code: ExportResultCode }) => void) => done({ code: ExportResultCode.SUCCESS }),
    shutdown: () => Promise.resolve(),
  };
  new NodeSDK({ serviceName: 'bare', traceExporter: discarding, metricReaders: [], logRecordProcessors: [], instrumentations: [] }).start();
}

const tracer = trace.getTracer('bare.http-server');
const body = JSON.stringify({ balance: 1000, currency: 'credits' });

/** A handler's shape: a promise, a turn of the event loop, a look at the active span, the answer. */
async function answer(res: ServerResponse): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const active = trace.getActiveSpan();
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-recorded': String(active?.isRecording() ?? false) });
  res.end(body);
}

function inServerSpan(req: IncomingMessage, res: ServerResponse): void {
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer.startSpan(req.method ?? 'GET', { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.url, 'url.scheme': 'http' } }, parent);
  if (span.isRecording()) {
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      span.end();
    });
  }
  void context.with(trace.setSpan(parent, span), () => answer(res));
}

const server = createServer(traced ? inServerSpan : (_req, res) => void answer(res));
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
