import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { RadarClient } from '@radar/client';
import { operationCaller } from './api-call';
import type { ApiOutcome, RadarTool, ToolArguments } from './radar-tool';
import { RADAR_TOOLS } from './tool-catalogue';
import { jsonSchemaOf, mergedSchema, renderedSchema, type ObjectJsonSchema } from './tool-schemas';

/** How a tool call ended, for metrics: the API's answer, its refusal, or no answer at all. */
export type ToolOutcome = 'success' | 'refused' | 'unavailable';

export interface RadarMcpServerOptions {
  /** The public API's client, authenticated as the caller: every tool call is the caller's own API call. */
  client: RadarClient;
  version: string;
  /** Told of every tool call as it ends (metrics). */
  onToolCall?(tool: string, outcome: ToolOutcome): void;
}

const INSTRUCTIONS =
  "Radar is a company-data API: search and look up companies, find similar ones, export them, and monitor them for " +
  'signals (funding, hiring, leadership changes). Searching, counting, reading and looking up are free. Exports and ' +
  'monitors cost credits: call preview_export before create_export, check get_credits, and confirm costs with the user. ' +
  'Every refusal comes back as a tool error holding the API error document ({"detail": {"code", "message", "details"}}): ' +
  'read `detail.code` and `detail.message` (a VALIDATION_ERROR names each wrong field) and correct the call.';

/** A tool's input schema: its operation's path, query and body schemas and its own header arguments, as one object. */
function inputSchemaOf(tool: RadarTool): ObjectJsonSchema {
  const request = tool.operation.request ?? {};
  const body = request.body ? jsonSchemaOf(request.body, 'input') : undefined;
  const parts: ObjectJsonSchema[] = [];
  if (request.path) parts.push(jsonSchemaOf(request.path, 'input'));
  if (request.query) parts.push(jsonSchemaOf(request.query, 'input'));
  if (body) parts.push(body);
  for (const [name, argument] of Object.entries(tool.headerArguments ?? {})) {
    parts.push({
      type: 'object',
      properties: { [name]: { ...renderedSchema(argument.schema, 'input'), description: argument.description } },
      ...(argument.required ? { required: [name] } : {}),
    });
  }
  return mergedSchema(parts, body?.additionalProperties === false);
}

/** What `tools/list` answers: the same for every caller. */
export const RADAR_TOOL_LIST: Tool[] = RADAR_TOOLS.map((tool) => {
  const answer = tool.answer ?? tool.operation.answer;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(tool),
    ...(answer ? { outputSchema: jsonSchemaOf(answer, 'output') } : {}),
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, idempotentHint: tool.readOnly, openWorldHint: false },
  };
});

function resultOf(tool: RadarTool, outcome: ApiOutcome, args: ToolArguments): CallToolResult {
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: JSON.stringify(outcome.envelope) }] };
  return {
    structuredContent: outcome.answer,
    content: [{ type: 'text', text: `${tool.summarize(outcome.answer, args)}\n${JSON.stringify(outcome.answer)}` }],
  };
}

/**
 * Radar's MCP server for one caller: `tools/list` and `tools/call` over the tool catalogue, each
 * call one or two calls of the public API with the caller's client. An unknown tool is a
 * JSON-RPC error; anything the API refuses is a tool result with `isError`.
 */
export function createRadarMcpServer(options: RadarMcpServerOptions): Server {
  const server = new Server({ name: 'radar', title: 'Radar', version: options.version }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  const call = operationCaller(options.client);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: RADAR_TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = RADAR_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    let outcome = await call(tool.operation, args, tool.headerArguments);
    if (outcome.ok && tool.complete) outcome = await tool.complete(outcome.answer, call);
    options.onToolCall?.(tool.name, outcome.ok ? 'success' : outcome.status === 503 ? 'unavailable' : 'refused');
    return resultOf(tool, outcome, args);
  });
  return server;
}
