import type { RadarClient } from '@radar/client';
import type { ErrorEnvelope } from '@radar/contracts';
import type { ApiOutcome, CallOperation, HeaderArgument, ToolArguments, ToolOperation } from './radar-tool';

type UntypedRequest = (
  method: string,
  path: string,
  init: { params: { path: Record<string, string>; query: Record<string, string> }; body?: unknown; headers: Record<string, string> },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

const isEnvelope = (body: unknown): body is ErrorEnvelope =>
  typeof body === 'object' && body !== null && typeof (body as { detail?: { code?: unknown } }).detail?.code === 'string';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A refusal of the tool's own arguments before any call, in the API's envelope (as the API words a 422). */
export function argumentRefusal(field: string, message: string): ApiOutcome {
  return {
    ok: false,
    status: 422,
    envelope: { detail: { code: 'VALIDATION_ERROR', message: `argument "${field}": ${message}`, details: { errors: [{ field, message }] } } },
  };
}

interface SplitArguments {
  path: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

const keysOf = (schema: { shape: object } | undefined): Set<string> => new Set(schema ? Object.keys(schema.shape) : []);

/**
 * Where each argument goes: path parameters and query parameters by the operation's schemas,
 * header arguments by the tool, everything else into the body (where the API refuses an unknown
 * field, naming it), or into the query for an operation without a body (the API ignores unknown
 * query parameters, as it does for HTTP callers).
 */
function splitArguments(operation: ToolOperation, args: ToolArguments, headerArguments: Record<string, HeaderArgument>): SplitArguments | ApiOutcome {
  const pathKeys = keysOf(operation.request?.path);
  const queryKeys = keysOf(operation.request?.query);
  const split: SplitArguments = { path: {}, query: {}, body: {}, headers: {} };
  for (const name of pathKeys) {
    const value = args[name];
    if (typeof value !== 'string') return argumentRefusal(name, value === undefined ? 'is required' : 'must be a string');
    split.path[name] = value;
  }
  for (const [name, header] of Object.entries(headerArguments)) {
    const value = args[name];
    if (value === undefined && header.required) return argumentRefusal(name, `is required (sent as the ${header.header} header)`);
    if (value !== undefined && typeof value !== 'string') return argumentRefusal(name, 'must be a string');
    if (typeof value === 'string') split.headers[header.header] = value;
  }
  for (const [name, value] of Object.entries(args)) {
    if (pathKeys.has(name) || name in headerArguments) continue;
    if (queryKeys.has(name) || !operation.request?.body) split.query[name] = isObject(value) || Array.isArray(value) ? JSON.stringify(value) : String(value);
    else split.body[name] = value;
  }
  return split;
}

/**
 * Calls operations through the typed client's transport (its base URL, token, fetch and trace
 * headers) with paths and values chosen at run time: the tools are data, so the call is untyped
 * here and the API validates what it is sent.
 */
export function operationCaller(client: RadarClient): CallOperation {
  const request = client.request as unknown as UntypedRequest;
  return async (operation, args, headerArguments = {}) => {
    const split = splitArguments(operation, args, headerArguments);
    if ('ok' in split) return split;
    let outcome: Awaited<ReturnType<UntypedRequest>>;
    try {
      outcome = await request(operation.method.toLowerCase(), operation.path, {
        params: { path: split.path, query: split.query },
        ...(operation.request?.body ? { body: split.body } : {}),
        headers: split.headers,
      });
    } catch (error) {
      return {
        ok: false,
        status: 503,
        envelope: { detail: { code: 'SERVICE_UNAVAILABLE', message: `The Radar API could not be reached (${error instanceof Error ? error.message : String(error)}); retry later` } },
      };
    }
    const { data, error, response } = outcome;
    if (response.ok) return { ok: true, answer: isObject(data) ? data : {} };
    if (isEnvelope(error)) return { ok: false, status: response.status, envelope: error };
    return {
      ok: false,
      status: response.status,
      envelope: { detail: { code: response.status >= 500 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR', message: `The Radar API answered HTTP ${response.status} without an error document` } },
    };
  };
}
