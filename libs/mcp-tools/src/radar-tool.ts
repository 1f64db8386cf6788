import type { z } from 'zod';
import { PUBLIC_OPERATIONS, type ErrorEnvelope, type PublicOperation } from '@radar/contracts';

/** The arguments of one tool call, as the model sent them. */
export type ToolArguments = Record<string, unknown>;

/** An API answer: JSON object of a success. */
export type ApiAnswer = Record<string, unknown>;

/** What one API call came to: its answer, or its error envelope (any refusal, input validation included). */
export type ApiOutcome = { ok: true; answer: ApiAnswer } | { ok: false; status: number; envelope: ErrorEnvelope };

/** The endpoint a tool calls, and the schemas its arguments and answer are derived from. */
export interface ToolOperation {
  method: PublicOperation['method'];
  /** OpenAPI path template under /api/v1, e.g. `/companies/{company_id}`. */
  path: string;
  request?: { path?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType };
  /** The success body's schema; none for an endpoint whose answer has no contract yet. */
  answer?: z.ZodType;
}

/** An argument a tool sends as a request header rather than in the path, query or body. */
export interface HeaderArgument {
  header: string;
  schema: z.ZodType;
  required: boolean;
  description: string;
}

/** Calls an operation of the public API as the tool's caller. */
export type CallOperation = (operation: ToolOperation, args: ToolArguments, headerArguments?: Record<string, HeaderArgument>) => Promise<ApiOutcome>;

/**
 * One MCP tool: a public API operation with words for a model. Its input schema is the
 * operation's own (path, query and body together), its answer the API's answer.
 */
export interface RadarTool {
  /** Fixed for v1: never renamed or removed (extensions.md §4). */
  name: string;
  title: string;
  /** For a model: what the tool is for, what it costs, what to call first. */
  description: string;
  operation: ToolOperation;
  /** Changes nothing (reads and previews); false for tools that create or charge. */
  readOnly: boolean;
  headerArguments?: Record<string, HeaderArgument>;
  /** The answer's schema when the tool answers more than the operation (get_export's download_url). */
  answer?: z.ZodType;
  /** Further calls once the operation answered (get_export asks for a fresh download URL). */
  complete?(answer: ApiAnswer, call: CallOperation): Promise<ApiOutcome>;
  /** The text block's first line: what came back, and how to ask for the next page. */
  summarize(answer: unknown, args: ToolArguments): string;
}

/** A public operation by its operationId, as a tool calls it. */
export function publicOperation(operationId: string): ToolOperation {
  const operation = PUBLIC_OPERATIONS.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no public operation ${operationId}`);
  return { method: operation.method, path: operation.path, request: operation.request, answer: operation.success.body };
}
