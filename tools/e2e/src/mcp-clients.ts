import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPOSITORY_ROOT } from './repository-root';
import type { E2eStack } from './stack/e2e-stack';

/** The address of the stack's MCP endpoint, as an assistant is given it. */
export const mcpUrl = (stack: E2eStack): string => `${stack.gatewayUrl}/mcp`;

/** The SDK's own client, connected over Streamable HTTP to the gateway's /mcp with a token (and any extra headers). */
export async function httpMcpClient(stack: E2eStack, token: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'radar-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl(stack)), { requestInit: { headers: { Authorization: `Bearer ${token}`, ...headers } } }));
  return client;
}

export const RADAR_BIN = path.join(REPOSITORY_ROOT, 'apps', 'cli', 'bin', 'radar.js');

/** The SDK's own client, connected over stdio to `radar mcp` pointed at the stack's gateway with RADAR_TOKEN. */
export async function stdioMcpClient(stack: E2eStack, token: string): Promise<Client> {
  const client = new Client({ name: 'radar-e2e', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [RADAR_BIN, 'mcp'],
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH ?? '', RADAR_TOKEN: token, RADAR_BASE_URL: stack.gatewayUrl },
      stderr: 'pipe',
    }),
  );
  return client;
}

/** A tool result's parts: its text's summary line, the JSON after it, and the structured answer. */
export interface ReadResult {
  isError: boolean;
  summary: string;
  json: unknown;
  structured: unknown;
}

export function readResult(result: CallToolResult): ReadResult {
  const text = result.content.find((block) => block.type === 'text');
  if (!text || text.type !== 'text') throw new Error(`no text block in ${JSON.stringify(result)}`);
  if (result.isError) return { isError: true, summary: '', json: JSON.parse(text.text), structured: result.structuredContent };
  const newline = text.text.indexOf('\n');
  return { isError: false, summary: text.text.slice(0, newline), json: JSON.parse(text.text.slice(newline + 1)), structured: result.structuredContent };
}
