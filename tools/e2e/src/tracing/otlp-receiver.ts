import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

/** A span as a service exported it, with the service's name from its resource. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's numbering: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
}

const anyValue: z.ZodType<unknown> = z.looseObject({}).transform((value) => {
  const entry = Object.entries(value)[0];
  return entry ? entry[1] : undefined;
});
const attributes = z.array(z.object({ key: z.string(), value: anyValue })).default([]);

/** The OTLP/HTTP JSON body of a trace export (ExportTraceServiceRequest), the fields read here. */
const exportRequestSchema = z.object({
  resourceSpans: z
    .array(
      z.object({
        resource: z.object({ attributes }).optional(),
        scopeSpans: z
          .array(
            z.object({
              spans: z
                .array(
                  z.object({
                    traceId: z.string(),
                    spanId: z.string(),
                    parentSpanId: z.string().optional(),
                    name: z.string(),
                    kind: z.number().default(0),
                    attributes,
                  }),
                )
                .default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT points at. */
  endpoint: string;
  /** Every span received so far, in arrival order. */
  spans: ReceivedSpan[];
  /** Export requests received, and the bytes they carried (protobuf bodies are counted, not decoded). */
  requests: number;
  bytes: number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

const toAttributes = (list: { key: string; value: unknown }[]): Record<string, unknown> => Object.fromEntries(list.map(({ key, value }) => [key, value]));

/**
 * A stand-in for an OpenTelemetry collector: answers OTLP/HTTP trace exports on
 * `POST /v1/traces` on a loopback port. JSON bodies (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) are
 * decoded into spans, labelled with the exporting service; other bodies are only counted.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: Omit<OtlpReceiver, 'endpoint' | 'close'> = { spans: [], requests: 0, bytes: 0 };
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    bodyOf(req)
      .then((body) => {
        receiver.requests += 1;
        receiver.bytes += body.length;
        if ((req.headers['content-type'] ?? '').startsWith('application/json')) {
          const request = exportRequestSchema.parse(JSON.parse(body.toString('utf8')));
          for (const resourceSpans of request.resourceSpans) {
            const service = String(toAttributes(resourceSpans.resource?.attributes ?? [])['service.name'] ?? 'unknown');
            for (const { spans } of resourceSpans.scopeSpans) {
              for (const span of spans) {
                receiver.spans.push({
                  service,
                  traceId: span.traceId,
                  spanId: span.spanId,
                  parentSpanId: span.parentSpanId || undefined,
                  name: span.name,
                  kind: span.kind,
                  attributes: toAttributes(span.attributes),
                });
              }
            }
          }
        }
        res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/json' }).end(
          (req.headers['content-type'] ?? '').startsWith('application/json') ? '{}' : undefined,
        );
      })
      .catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
