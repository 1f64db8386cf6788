import { z } from 'zod';
import { env } from '@radar/platform/config';

/**
 * The MCP service's own variables. GATEWAY_URL is the gateway's internal address, the catalogue's
 * URL variable of the gateway (as every stack sets it): the tools call the public API there, as
 * the caller, so scopes, roles, rate limits and credits apply exactly as to HTTP callers.
 */
export const mcpConfig = z.object({
  GATEWAY_URL: env.url(),
  /** How long one API call of a tool may take before the tool answers SERVICE_UNAVAILABLE: less than the gateway gives this service (UPSTREAM_TIMEOUT_MS, 30 s). */
  API_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
});

export type McpConfig = z.infer<typeof mcpConfig>;
