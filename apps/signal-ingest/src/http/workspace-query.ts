import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { parseInput } from '@radar/platform/http';

/**
 * A read of the caller's workspace: parses the query with the contract's schema (422 naming
 * the field otherwise), asks the use case and sends its answer as JSON.
 */
export function workspaceQuery<S extends z.ZodType>(schema: S, answer: (workspaceId: string, query: z.output<S>) => Promise<unknown>): RequestHandler {
  return async (req, res) => {
    const query = parseInput(schema, req.query, 'query');
    res.json(await answer(req.caller.workspaceId, query));
  };
}
