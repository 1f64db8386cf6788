import { defineService, runService, serviceVersion } from '@radar/platform/service';
import { mcpConfig } from './config';
import { mcpRoutes } from './http/mcp.routes';
import { countToolCall } from './use-cases/tool-metrics';

/** The MCP server behind the gateway's /mcp: no database, no NATS; every tool is a call of the public API. */
export const mcpService = defineService({
  name: 'mcp',
  config: mcpConfig,
  nats: false,
  async wire({ config }) {
    const deps = { api: { gatewayUrl: config.GATEWAY_URL, timeoutMs: config.API_TIMEOUT_MS }, version: serviceVersion(), onToolCall: countToolCall };
    return {
      deps,
      // The MCP transport reads the raw body itself: a malformed message gets its JSON-RPC parse error, not the API's 422.
      http: [{ routes: mcpRoutes(deps), parseJsonBodies: false }],
    };
  },
});

export const run = () => runService(mcpService);
