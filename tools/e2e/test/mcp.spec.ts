import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RADAR_TOOL_LIST } from '@radar/mcp-tools';
import { httpMcpClient, mcpUrl, readResult, stdioMcpClient } from '../src/mcp-clients';
import { ensureInspector, runInspector } from '../src/mcp-inspector';
import { workspaceWithToken } from '../src/operator-world';
import { callApi } from '../src/public-api';
import { radar, runRadar } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

const TOOL_NAMES = [
  'search_companies',
  'count_companies',
  'get_company',
  'list_company_job_postings',
  'lookup_companies',
  'similar_companies',
  'get_credits',
  'preview_export',
  'create_export',
  'get_export',
  'list_leads',
  'get_leads_summary',
  'list_signals',
  'get_signals_summary',
  'list_monitors',
  'get_monitor',
  'create_monitor',
  'add_monitor_domain',
];

interface SearchPage {
  items: { company_id: string; domain: string }[];
  next_cursor: string | null;
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

// Installed before the tests are defined, so that a skip can say why.
const inspector = ensureInspector();

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => readResult((await client.callTool({ name, arguments: args })) as CallToolResult);

describe('the MCP server: the public API as tools, through the gateway and `radar mcp`', () => {
  const stack = useStack();
  let readToken: string;
  let writeToken: string;
  let reader: Client;
  let writer: Client;
  let company: { company_id: string; domain: string };

  beforeAll(async () => {
    await radar(stack(), 'dataset', 'load', '--companies', '300', '--seed', '31');
    readToken = (await workspaceWithToken(stack(), { scope: 'read' })).token.token;
    writeToken = (await workspaceWithToken(stack(), { scope: 'read_write', credits: 1_000 })).token.token;
    reader = await httpMcpClient(stack(), readToken);
    writer = await httpMcpClient(stack(), writeToken);
    company = (await callApi<SearchPage>(stack(), 'POST', '/companies/search', readToken, { limit: 1, sort_by: 'name', sort_order: 'asc' })).body.items[0]!;
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
  });

  it('lists the 18 tools of the contract, each with its input schema derived from the API contracts, the same for every token', async () => {
    const listed = await reader.listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    expect(listed.tools).toEqual(RADAR_TOOL_LIST);
    expect((await writer.listTools()).tools).toEqual(listed.tools);
    const byName = Object.fromEntries(listed.tools.map((tool) => [tool.name, tool]));
    // The search body's own schema: its filters, closed to unknown fields.
    expect(byName.search_companies?.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(byName.search_companies?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['query', 'countries', 'employee_bands', 'limit', 'cursor']));
    expect(byName.get_company?.inputSchema.required).toEqual(['company_id']);
    expect(byName.list_signals?.inputSchema.properties?.limit).toMatchObject({ type: 'integer', maximum: 200 });
    expect(byName.create_export?.inputSchema.required).toEqual(expect.arrayContaining(['idempotency_key']));
    for (const charged of ['create_export', 'create_monitor', 'add_monitor_domain']) expect(byName[charged]?.description).toMatch(/CHARGES CREDITS/);
    expect(byName.lookup_companies?.inputSchema.properties?.items).toMatchObject({ type: 'array', minItems: 1, maxItems: 100 });
  });

  it("answers each read tool with the HTTP API's answer to the same request, as structured content and as the JSON after a summary line", async () => {
    const { body: monitor } = await callApi<{ id: string }>(stack(), 'POST', '/monitors', writeToken, { name: 'mcp e2e', signal_types: ['news_events'], domains: [company.domain] });
    const reads: [tool: string, method: 'GET' | 'POST', path: string, args: Record<string, unknown>, token: string][] = [
      ['search_companies', 'POST', '/companies/search', { limit: 5, sort_by: 'name', sort_order: 'asc' }, readToken],
      ['count_companies', 'POST', '/companies/counts', { employee_bands: [50, 200] }, readToken],
      ['get_company', 'GET', `/companies/${company.company_id}`, { company_id: company.company_id }, readToken],
      ['list_company_job_postings', 'GET', `/companies/${company.company_id}/job-postings?page_size=5`, { company_id: company.company_id, page_size: 5 }, readToken],
      ['get_credits', 'GET', '/credits', {}, writeToken],
      ['preview_export', 'POST', '/exports/preview', { search_filters: { employee_bands: [50] } }, writeToken],
      ['list_leads', 'GET', '/leads?days=60&limit=10', { days: 60, limit: 10 }, readToken],
      ['get_leads_summary', 'GET', '/leads/summary', {}, readToken],
      ['list_signals', 'GET', '/signals?limit=10', { limit: 10 }, writeToken],
      ['get_signals_summary', 'GET', '/signals/summary', {}, writeToken],
      ['list_monitors', 'GET', '/monitors', {}, writeToken],
      ['get_monitor', 'GET', `/monitors/${monitor.id}`, { monitor_id: monitor.id }, writeToken],
    ];
    for (const [tool, method, path, args, token] of reads) {
      const client = token === readToken ? reader : writer;
      const result = await call(client, tool, args);
      const api = await callApi(stack(), method, path, token, method === 'POST' ? args : undefined);
      expect(api.status).toBe(200);
      expect({ tool, isError: result.isError, structured: result.structured }).toEqual({ tool, isError: false, structured: api.body });
      expect(result.json).toEqual(api.body);
      expect(result.summary).not.toMatch(/\n/);
      expect(result.summary.length).toBeGreaterThan(0);
    }
  });

  it('pages a search by cursor and a list by offset, saying in the summary how to ask for the next page', async () => {
    const first = await call(reader, 'search_companies', { limit: 5, sort_by: 'name', sort_order: 'asc' });
    const cursor = (first.structured as SearchPage).next_cursor;
    expect(cursor).not.toBeNull();
    expect(first.summary).toContain(`"cursor": ${JSON.stringify(cursor)}`);
    const second = await call(reader, 'search_companies', { limit: 5, sort_by: 'name', sort_order: 'asc', cursor });
    const api = await callApi(stack(), 'POST', '/companies/search', readToken, { limit: 5, sort_by: 'name', sort_order: 'asc', cursor });
    expect(second.structured).toEqual(api.body);

    const postings = await call(reader, 'list_company_job_postings', { company_id: company.company_id, page_size: 1 });
    const { total } = postings.structured as { total: number };
    if (total > 1) expect(postings.summary).toContain('"page": 2');
    else expect(postings.summary).toMatch(/last page|No job postings/i);
  });

  it('refuses create_export to a read token with a tool error holding the API envelope with INSUFFICIENT_SCOPE', async () => {
    const result = await call(reader, 'create_export', { name: 'not allowed', search_filters: { employee_bands: [50] }, idempotency_key: 'read-token-try' });
    expect(result.isError).toBe(true);
    expect(result.json).toMatchObject({ detail: { code: 'INSUFFICIENT_SCOPE', message: expect.any(String) } });
  });

  it('refuses a wrong filter name with a tool error naming it (the API validates, nothing is silently ignored)', async () => {
    const result = await call(reader, 'search_companies', { countrys: ['Germany'] });
    expect(result.isError).toBe(true);
    expect(result.json).toMatchObject({ detail: { code: 'VALIDATION_ERROR', details: { errors: [{ field: 'countrys', message: 'unknown field' }] } } });
    expect(JSON.stringify(result.json)).toContain('countrys');
  });

  it('requires idempotency_key on create_export, charges once per key, and get_export gives a fresh download_url once completed', async () => {
    const args = { name: 'mcp export', search_filters: { employee_bands: [10] }, export_format: 'csv' };
    const missing = await call(writer, 'create_export', args);
    expect(missing.isError).toBe(true);
    expect(missing.json).toMatchObject({ detail: { code: 'VALIDATION_ERROR', details: { errors: [{ field: 'idempotency_key' }] } } });

    const before = (await call(writer, 'get_credits')).structured as { balance: number };
    const created = await call(writer, 'create_export', { ...args, idempotency_key: 'mcp-e2e-1' });
    expect(created.isError).toBe(false);
    const again = await call(writer, 'create_export', { ...args, idempotency_key: 'mcp-e2e-1' });
    const job = (created.structured as { export_job: { id: string }; credits_charged: number });
    expect((again.structured as { export_job: { id: string } }).export_job.id).toBe(job.export_job.id);
    expect(((await call(writer, 'get_credits')).structured as { balance: number }).balance).toBe(before.balance - job.credits_charged);

    const deadline = Date.now() + 30_000;
    let read = await call(writer, 'get_export', { export_id: job.export_job.id });
    while ((read.structured as { status: string }).status !== 'completed') {
      if (Date.now() > deadline) throw new Error(`export ${job.export_job.id} did not complete: ${JSON.stringify(read.structured)}`);
      expect((read.structured as { download_url?: string }).download_url).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      read = await call(writer, 'get_export', { export_id: job.export_job.id });
    }
    const { download_url: downloadUrl, ...exportJob } = read.structured as { download_url: string };
    expect((await callApi(stack(), 'GET', `/exports/${job.export_job.id}`, writeToken)).body).toEqual(exportJob);
    expect((await fetch(downloadUrl)).status).toBe(200);
  });

  it('counts a tool call in the bucket of the endpoint it calls, and protocol messages in none', async () => {
    const remaining = async () => Number((await callApi(stack(), 'POST', '/companies/counts', readToken, {})).headers.get('x-ratelimit-remaining'));
    const start = await remaining();
    await reader.listTools();
    await reader.ping();
    expect(await remaining()).toBe(start - 1);
    await call(reader, 'count_companies', {});
    expect(await remaining()).toBe(start - 3);
  });

  it('refuses no token and an unknown token with HTTP 401 in the envelope and WWW-Authenticate: Bearer', async () => {
    for (const [authorization, code] of [[undefined, 'MISSING_AUTH_HEADER'], ['Bearer rdr_unknown0000000000000000000000', 'INVALID_TOKEN']] as const) {
      const response = await fetch(mcpUrl(stack()), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(INITIALIZE),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toMatchObject({ detail: { code } });
    }
  });

  it('answers an unknown tool and a malformed message with JSON-RPC errors', async () => {
    await expect(reader.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/Unknown tool/);
    const response = await fetch(mcpUrl(stack()), {
      method: 'POST',
      headers: { authorization: `Bearer ${readToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    const body = (await response.json()) as { jsonrpc: string; error: { code: number } };
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  describe('`radar mcp` over stdio', () => {
    it('serves the same tools as the HTTP endpoint, and answers search_companies as the API does', async () => {
      const client = await stdioMcpClient(stack(), readToken);
      try {
        expect((await client.listTools()).tools).toEqual(RADAR_TOOL_LIST);
        const result = await call(client, 'search_companies', { limit: 3, sort_by: 'name', sort_order: 'asc' });
        const api = await callApi(stack(), 'POST', '/companies/search', readToken, { limit: 3, sort_by: 'name', sort_order: 'asc' });
        expect(result.structured).toEqual(api.body);
        const refused = await call(client, 'create_export', { name: 'x', idempotency_key: 'stdio-1' });
        expect(refused.json).toMatchObject({ detail: { code: 'INSUFFICIENT_SCOPE' } });
      } finally {
        await client.close();
      }
    });

    const withInspector = inspector.available ? it : it.skip;
    withInspector(
      `is driven by the MCP Inspector's command-line mode: it lists the tools and calls search_companies against \`npx radar mcp\`${inspector.available ? '' : ` (skipped: ${inspector.reason})`}`,
      async () => {
        const server = ['npx', 'radar', 'mcp'];
        const env = { RADAR_TOKEN: readToken, RADAR_BASE_URL: stack().gatewayUrl };
        const listed = await runInspector(server, env, ['--method', 'tools/list']);
        expect({ code: listed.code, stderr: listed.code === 0 ? '' : listed.stderr }).toEqual({ code: 0, stderr: '' });
        expect((JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);

        const args = ['limit=3', 'sort_by=name', 'sort_order=asc'];
        const called = await runInspector(server, env, ['--method', 'tools/call', '--tool-name', 'search_companies', ...args.flatMap((arg) => ['--tool-arg', arg])]);
        expect({ code: called.code, stderr: called.code === 0 ? '' : called.stderr }).toEqual({ code: 0, stderr: '' });
        const result = JSON.parse(called.stdout) as CallToolResult;
        const api = await callApi(stack(), 'POST', '/companies/search', readToken, { limit: 3, sort_by: 'name', sort_order: 'asc' });
        expect(result.structuredContent).toEqual(api.body);
        expect(readResult(result).json).toEqual(api.body);
      },
      120_000,
    );

    it('prints MISSING_AUTH_HEADER on stderr and exits non-zero without RADAR_TOKEN, with nothing on stdout', async () => {
      const run = await runRadar(stack(), ['mcp'], { RADAR_BASE_URL: stack().gatewayUrl });
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('MISSING_AUTH_HEADER');
    });
  });
});
