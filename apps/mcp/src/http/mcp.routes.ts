import { Router, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createRadarMcpServer, type ToolOutcome } from '@radar/mcp-tools';
import { sendError } from '@radar/platform/http';
import { publicApiClient, type PublicApiSettings } from '../clients/public-api';

export const MCP_PATH = '/mcp';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

export interface McpRouteDeps {
  api: PublicApiSettings;
  version: string;
  onToolCall(tool: string, outcome: ToolOutcome): void;
}

/**
 * POST /mcp: one JSON-RPC message (or batch) per request, stateless (no session: every request
 * carries the token, and any replica answers it), answered as JSON. The gateway authenticated the
 * caller and passes the bearer token on; the tools call the public API with it. GET (a stream of
 * server messages) and DELETE (ending a session) mean nothing without sessions: 405.
 */
export function mcpRoutes(deps: McpRouteDeps): Router {
  const router = Router();
  router.post(MCP_PATH, async (req: Request, res: Response) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!token) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      sendError(res, 'MISSING_AUTH_HEADER', 'Send Authorization: Bearer <API_TOKEN>');
      return;
    }
    const server = createRadarMcpServer({ client: publicApiClient(deps.api, token, req.requestId), version: deps.version, onToolCall: deps.onToolCall });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  router.all(MCP_PATH, (_req: Request, res: Response) => {
    res.status(405).setHeader('Allow', 'POST').json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; send each message with POST' }, id: null });
  });
  return router;
}
