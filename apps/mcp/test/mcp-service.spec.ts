import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RADAR_TOOL_LIST } from '@radar/mcp-tools';
import { currentMetricSamples, freePort, sampleValue, startTestService, type TestService } from '@radar/platform/testing';
import { mcpService } from '../src/service';

describe('the MCP service, on its own', () => {
  let service: TestService<unknown, unknown>;
  let url: string;

  beforeAll(async () => {
    // A gateway address where nothing listens: the tools cannot reach the API.
    service = await startTestService(mcpService, { env: { GATEWAY_URL: `http://127.0.0.1:${await freePort()}`, API_TIMEOUT_MS: '2000' } });
    url = `${service.urls.main}/mcp`;
  });
  afterAll(() => service?.close());

  const connect = async (token: string) => {
    const client = new Client({ name: 'mcp-service-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    return client;
  };

  it('answers initialize and tools/list without calling the API: protocol messages are its own', async () => {
    const client = await connect('rdr_anything');
    try {
      expect(client.getServerVersion()?.name).toBe('radar');
      expect((await client.listTools()).tools).toEqual(RADAR_TOOL_LIST);
    } finally {
      await client.close();
    }
  });

  it('answers a tool call the API cannot take with a tool error in the envelope, counted as unavailable', async () => {
    const before = sampleValue(await currentMetricSamples(), 'radar_mcp_tool_calls_total', { tool: 'get_credits', outcome: 'unavailable' }) ?? 0;
    const client = await connect('rdr_anything');
    try {
      const result = (await client.callTool({ name: 'get_credits', arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      expect(JSON.parse(text)).toMatchObject({ detail: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('could not be reached') } });
    } finally {
      await client.close();
    }
    expect(sampleValue(await currentMetricSamples(), 'radar_mcp_tool_calls_total', { tool: 'get_credits', outcome: 'unavailable' })).toBe(before + 1);
  });

  it('refuses a request without a bearer token with 401, WWW-Authenticate: Bearer and the envelope', async () => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toMatchObject({ detail: { code: 'MISSING_AUTH_HEADER' } });
  });

  it('answers GET and DELETE with 405: it is stateless, with no stream or session to open or end', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, { method, headers: { authorization: 'Bearer rdr_anything' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});
