import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createRadarClient } from '@radar/client';
import { createRadarMcpServer } from '@radar/mcp-tools';
import { EXIT } from '../cli-error';
import type { NounSpec } from '../command-spec';
import { loadPublicApiConfig } from '../config/public-api-config';
import { radarVersion } from '../program';

/**
 * `radar mcp`: Radar's MCP server over stdio for desktop assistants, the same tools as the
 * gateway's /mcp, as a plain client of the public API with RADAR_TOKEN. stdout carries protocol
 * messages only; it runs until the assistant closes stdin.
 */
export const mcpCommands: NounSpec = {
  name: 'mcp',
  summary: "Radar's MCP server over stdio, for AI assistants (uses RADAR_TOKEN, not the operator secret)",
  verbs: [
    {
      name: 'serve',
      isDefault: true,
      summary:
        'Serve the public API as MCP tools on stdin/stdout until stdin closes. RADAR_TOKEN is the API token (required); ' +
        'RADAR_BASE_URL the gateway (default the local stack: http://127.0.0.1:$GATEWAY_PORT)',
      flags: [],
      examples: ['radar mcp', 'radar mcp serve'],
      run: async (context) => {
        const config = loadPublicApiConfig(context.env());
        const server = createRadarMcpServer({ client: createRadarClient({ baseUrl: config.baseUrl, token: config.token, retry: false }), version: radarVersion() });
        const closed = new Promise<void>((resolve) => {
          server.onclose = resolve;
        });
        await server.connect(new StdioServerTransport());
        process.stdin.once('end', () => void server.close());
        await closed;
        return EXIT.ok;
      },
    },
  ],
};
