import { randomBytes } from 'node:crypto';
import { SERVICE_CATALOGUE, type ExportJob } from '@radar/contracts';
import { httpMcpClient } from '../src/mcp-clients';
import { workspaceWithToken } from '../src/operator-world';
import { callApi } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { startStack, type E2eStack } from '../src/stack/e2e-stack';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../src/tracing/otlp-receiver';

/** OTLP's span kinds as numbered in the export. */
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('one trace per export, across the services', () => {
  let receiver: OtlpReceiver;
  let stack: E2eStack;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // Every service exports its spans by OTLP/HTTP JSON to the receiver, in small batches, soon.
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    stack = await startStack({ serviceEnv: Object.fromEntries(SERVICE_CATALOGUE.map((service) => [service.name, tracing])) });
    await radar(stack, 'dataset', 'load', '--companies', '300', '--seed', '5');
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  }, 60_000);

  /** Waits until the spans of `traceId` satisfy `done` (services export every 100 ms). */
  async function spansOfTrace(traceId: string, done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const spans = receiver.spans.filter((span) => span.traceId === traceId);
      if (done(spans)) return spans;
      if (Date.now() > deadline) {
        const seen = spans.map((span) => `${span.service}: ${span.name}`).join('\n');
        throw new Error(`the trace ${traceId} did not fill in; it holds:\n${seen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('yields spans of gateway, export, ledger and search under the trace id of one POST /exports, through to the written file', async () => {
    const world = await workspaceWithToken(stack, { credits: 1_000, scope: 'read_write' });
    // The client starts the trace (W3C traceparent), so the test knows its id.
    const traceId = hex(16);
    const response = await fetch(`${stack.gatewayUrl}/api/v1/exports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.token.token}`,
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${hex(8)}-01`,
      },
      body: JSON.stringify({ name: 'traced', export_format: 'csv', search_filters: { countries: ['Germany'] } }),
    });
    expect(response.status).toBe(201);
    const exportId = ((await response.json()) as { export_job: ExportJob }).export_job.id;
    const deadline = Date.now() + 30_000;
    while ((await callApi<ExportJob>(stack, 'GET', `/exports/${exportId}`, world.token.token)).body.status !== 'completed') {
      if (Date.now() > deadline) throw new Error(`export ${exportId} did not complete`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const services = (spans: ReceivedSpan[]) => new Set(spans.map((span) => span.service));
    // The file's upload to object storage goes out through Node's http module: CLIENT spans of export's.
    const uploads = (spans: ReceivedSpan[]) =>
      spans.filter((span) => span.service === 'export' && span.kind === CLIENT && span.attributes['http.request.method'] === 'PUT');
    const spans = await spansOfTrace(traceId, (found) => {
      const names = found.map((span) => `${span.service}:${span.name}`);
      // Complete: work the export set off after it finished (search taking in companies.unlocked) may still be running, its span open.
      const ids = new Set(found.map((span) => span.spanId));
      const complete = found.filter((span) => span.parentSpanId !== undefined && !ids.has(span.parentSpanId)).length === 1;
      return ['gateway', 'export', 'ledger', 'search'].every((service) => services(found).has(service)) && names.includes('export:export.requested') && uploads(found).length > 0 && complete;
    });

    // The gateway served the request and forwarded it; export served it as the gateway's child.
    const gatewayServer = spans.find((span) => span.service === 'gateway' && span.kind === SERVER);
    const exportServer = spans.find((span) => span.service === 'export' && span.kind === SERVER);
    expect(gatewayServer).toBeDefined();
    expect(exportServer?.parentSpanId).toBeDefined();
    expect(spans.find((span) => span.spanId === exportServer?.parentSpanId)?.service).toBe('gateway');
    // Export asked search for the candidates and the ledger for the charge over NATS; both answered in the trace.
    expect(spans.filter((span) => span.service === 'search' && span.kind === CONSUMER).map((span) => span.name)).toContain('search.rpc.export-candidates');
    expect(spans.filter((span) => span.service === 'ledger' && span.kind === CONSUMER).map((span) => span.name)).toContain('ledger.rpc.charge');
    // The job's event crossed the outbox and JetStream, and the worker wrote the file in the same trace.
    expect(spans.some((span) => span.service === 'export' && span.name === 'export.requested' && span.kind === CONSUMER)).toBe(true);
    for (const upload of uploads(spans)) expect(String(upload.attributes['url.full'])).toContain('/radar-exports/exports/');
    // Every service's PostgreSQL statements are in it too.
    for (const service of ['gateway', 'export', 'ledger', 'search']) {
      expect(spans.some((span) => span.service === service && span.attributes['db.system'] === 'postgresql')).toBe(true);
    }
    // One trace: every span's parent is in it, but for the client's own span that began it.
    const ids = new Set(spans.map((span) => span.spanId));
    const orphans = spans.filter((span) => span.parentSpanId !== undefined && !ids.has(span.parentSpanId));
    expect(orphans.map((span) => `${span.service}:${span.name}`)).toEqual([`gateway:${gatewayServer?.name}`]);
  });

  it('follows an MCP tool call as one trace: the gateway, the MCP service, its call of the API back through the gateway, and search', async () => {
    const world = await workspaceWithToken(stack, { scope: 'read' });
    const traceId = hex(16);
    const client = await httpMcpClient(stack, world.token.token, { traceparent: `00-${traceId}-${hex(8)}-01` });
    try {
      await client.callTool({ name: 'search_companies', arguments: { limit: 2 } });
    } finally {
      await client.close();
    }
    const byId = (spans: ReceivedSpan[], id: string | undefined) => spans.find((span) => span.spanId === id);
    const spans = await spansOfTrace(traceId, (found) => {
      const searchServer = found.find((span) => span.service === 'search' && span.kind === SERVER);
      return searchServer !== undefined && found.some((span) => span.service === 'mcp' && span.kind === CLIENT);
    });
    // The MCP service called the API (a CLIENT span of its own) while serving the gateway's forwarded /mcp request.
    const mcpClient = spans.find((span) => span.service === 'mcp' && span.kind === CLIENT);
    expect(String(mcpClient?.attributes['url.full'])).toMatch(/\/api\/v1\/companies\/search$/);
    const mcpServer = byId(spans, mcpClient?.parentSpanId);
    expect({ service: mcpServer?.service, kind: mcpServer?.kind }).toEqual({ service: 'mcp', kind: SERVER });
    expect(byId(spans, byId(spans, mcpServer?.parentSpanId)?.parentSpanId)?.service).toBe('gateway');
    // The gateway served that API call as the MCP service's child, and search served it as the gateway's.
    const apiServer = spans.find((span) => span.service === 'gateway' && span.kind === SERVER && span.parentSpanId === mcpClient?.spanId);
    expect(apiServer).toBeDefined();
    const searchServer = spans.find((span) => span.service === 'search' && span.kind === SERVER);
    expect(byId(spans, byId(spans, searchServer?.parentSpanId)?.parentSpanId)?.spanId).toBe(apiServer?.spanId);
  });
});
