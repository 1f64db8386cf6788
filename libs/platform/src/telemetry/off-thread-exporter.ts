import { Worker } from 'node:worker_threads';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * The worker: the SDK's own OTLP/HTTP export (endpoint, headers, timeout, compression, retries and
 * concurrency limit from the OTEL_EXPORTER_OTLP_* variables) of requests already serialized by the
 * service's thread. JavaScript, not a module of ours: the services run bundled, and a worker
 * evaluated from source needs no file of its own next to the bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createOtlpHttpExportDelegate, convertLegacyHttpOptions } = require(workerData.exporterBase);
const transformer = require(workerData.transformer);
const serializer = workerData.json ? transformer.JsonTraceSerializer : transformer.ProtobufTraceSerializer;
const delegate = createOtlpHttpExportDelegate(
  convertLegacyHttpOptions({}, 'TRACES', 'v1/traces', { 'Content-Type': workerData.json ? 'application/json' : 'application/x-protobuf' }),
  { serializeRequest: (body) => body, deserializeResponse: (data) => serializer.deserializeResponse(data) },
  'otlp_http_span_exporter',
  { name: 'span', countItems: () => 0 },
);
parentPort.on('message', (message) => {
  if (message.shutdown) {
    delegate.shutdown().finally(() => parentPort.postMessage({ shutdown: true }));
    return;
  }
  delegate.export(message.body, (result) => parentPort.postMessage({ id: message.id, code: result.code, error: result.error && String(result.error.message ?? result.error) }));
});
`;

/** OTLP over HTTP in JSON when OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL says http/json, protobuf otherwise; nothing else is taken. */
function jsonEncoded(env: NodeJS.ProcessEnv): boolean {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf').trim();
  if (protocol === 'http/protobuf') return false;
  if (protocol === 'http/json') return true;
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL is ${protocol}: traces go by OTLP over HTTP, set http/protobuf (the default) or http/json`);
}

/**
 * OTLP/HTTP span export with the requests sent from a worker thread. Sending them with Node's http
 * client on the service's own thread cost every request the service served about 10-15 µs of CPU
 * per service, at any sampling ratio, even one export every few seconds: the client's requests and
 * responses go through the same stream and http internals as the server's, which V8 then
 * re-optimizes for both shapes (docs/performance.md, "Tracing"). The spans are serialized here (a
 * worker cannot be handed the span objects) and the bytes moved to the worker, not copied.
 */
export class OffThreadOtlpExporter implements SpanExporter {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (result: ExportResult) => void>();
  private stopped = false;
  private drained: (() => void)[] = [];
  private readonly json: boolean;

  /** `env`: the OTEL_EXPORTER_OTLP_* settings it exports by (the service's environment unless given); throws on a protocol other than HTTP's. */
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {
    this.json = jsonEncoded(env);
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    if (this.stopped) {
      resultCallback({ code: ExportResultCode.FAILED, error: new Error('the exporter is shut down') });
      return;
    }
    const body = (this.json ? JsonTraceSerializer : ProtobufTraceSerializer).serializeRequest(spans);
    if (!body) {
      resultCallback({ code: ExportResultCode.FAILED, error: new Error('the spans could not be serialized') });
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, resultCallback);
    this.running().postMessage({ id, body }, [body.buffer as ArrayBuffer]);
  }

  /** Resolves once every export handed to the worker has been answered. */
  forceFlush(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      worker.on('message', (message: { shutdown?: boolean }) => message.shutdown && resolve());
      worker.once('exit', () => resolve());
      worker.postMessage({ shutdown: true });
    });
    await worker.terminate();
    this.worker = undefined;
  }

  /** The worker, started on the first export and again after it died (its exports in flight then fail). */
  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      env: { ...this.env },
      workerData: {
        json: this.json,
        exporterBase: require.resolve('@opentelemetry/otlp-exporter-base/node-http'),
        transformer: require.resolve('@opentelemetry/otlp-transformer'),
      },
    });
    // An idle exporter does not keep the service alive; shutdown() sends what is left.
    worker.unref();
    worker.on('message', (message: { id?: number; code?: ExportResultCode; error?: string }) => {
      if (message.id === undefined) return;
      this.settle(message.id, message.code === ExportResultCode.SUCCESS ? { code: ExportResultCode.SUCCESS } : { code: ExportResultCode.FAILED, error: new Error(message.error ?? 'export failed') });
    });
    const lost = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const id of [...this.pending.keys()]) this.settle(id, { code: ExportResultCode.FAILED, error: new Error(reason) });
    };
    worker.on('error', (error) => lost(`the export worker failed: ${error.message}`));
    worker.on('exit', (code) => lost(`the export worker exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private settle(id: number, result: ExportResult): void {
    const callback = this.pending.get(id);
    this.pending.delete(id);
    callback?.(result);
    if (this.pending.size === 0) for (const resolve of this.drained.splice(0)) resolve();
  }
}
