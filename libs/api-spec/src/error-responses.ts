import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import {
  ERROR_DESCRIPTIONS,
  ERROR_DETAILS,
  ERROR_STATUS,
  type ApiExample,
  type ErrorCode,
  type PublicOperation,
  type PublicRoute,
} from '@radar/contracts';
import { plainHeaders, tooManyRequestsHeaders } from './response-headers';

/** Errors the HTTP server itself answers, before any route: the document's `default` response. */
export const TRANSPORT_ERROR_CODES: ErrorCode[] = ['MALFORMED_REQUEST', 'REQUEST_TIMEOUT', 'REQUEST_HEADER_FIELDS_TOO_LARGE'];

/**
 * Every code an operation can answer: authentication, scope and role (from its gateway route),
 * what its inputs imply (422 for a query or body; 413 and 415 for a body), its own codes, the
 * rate limit, and the server's 5xx.
 */
export function errorCodesOf(operation: PublicOperation, route: PublicRoute | undefined): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (!operation.public) codes.push('MISSING_AUTH_HEADER', 'INVALID_TOKEN', 'TOKEN_EXPIRED');
  if (route?.scope === 'read_write') codes.push('INSUFFICIENT_SCOPE');
  if (route?.requiresEditRole) codes.push('WORKSPACE_EDIT_FORBIDDEN');
  if (operation.request?.body) codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_ERROR');
  if (operation.request?.query || operation.request?.headers) codes.push('VALIDATION_ERROR');
  codes.push(...operation.errors);
  if (!operation.public) codes.push('RATE_LIMITED', 'SERVICE_UNAVAILABLE');
  codes.push('INTERNAL_ERROR');
  return [...new Set(codes)];
}

const message = z.string().meta({ description: 'What went wrong, for people. May change: branch on `code`.' });
const anyDetails = z.record(z.string(), z.unknown()).meta({ description: 'More about the error, when there is more to say.' });

const pascalCase = (code: string): string =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** The component name of a code's envelope: `NOT_FOUND` is `NotFoundError`, `VALIDATION_ERROR` is `ValidationError`. */
export const envelopeIdOf = (code: ErrorCode): string => {
  const name = pascalCase(code);
  return name.endsWith('Error') ? name : `${name}Error`;
};

const envelopes = new Map<ErrorCode, z.ZodType>();

/** The error envelope with one code, and that code's details when it has any: one component per code. */
function envelopeOf(code: ErrorCode): z.ZodType {
  let schema = envelopes.get(code);
  if (!schema) {
    const shape = ERROR_DETAILS[code];
    const details = shape ? (shape.always ? shape.schema : shape.schema.optional()) : anyDetails.optional();
    schema = z
      .object({ detail: z.object({ code: z.literal(code), message, details }) })
      .meta({ id: envelopeIdOf(code), description: ERROR_DESCRIPTIONS[code] });
    envelopes.set(code, schema);
  }
  return schema;
}

/** The answers of the codes of one status: any of their envelopes, so a client can branch on `code`. */
const envelopeOfAny = (codes: ErrorCode[]): z.ZodType => (codes.length === 1 ? envelopeOf(codes[0]!) : z.union(codes.map(envelopeOf)));

/** Examples every operation shares; operations add the contract's own (`errorExamples`). */
const COMMON_EXAMPLES: Partial<Record<ErrorCode, ApiExample>> = {
  VALIDATION_ERROR: {
    summary: 'An unknown body field',
    value: {
      detail: {
        code: 'VALIDATION_ERROR',
        message: 'body field "colour": unknown field',
        details: { errors: [{ field: 'colour', message: 'unknown field' }] },
      },
    },
  },
  RATE_LIMITED: {
    summary: 'The bucket is used up',
    value: {
      detail: {
        code: 'RATE_LIMITED',
        message: 'Rate limit of 60 requests per minute exceeded for companies.search',
        details: { bucket: 'companies.search', limit: 60, retry_after: 41 },
      },
    },
  },
};

function examplesOf(codes: ErrorCode[], given: PublicOperation['errorExamples']): Record<string, ApiExample> | undefined {
  const examples = codes.flatMap((code) => {
    const example = given?.[code] ?? COMMON_EXAMPLES[code];
    return example ? [[code, example] as const] : [];
  });
  return examples.length > 0 ? Object.fromEntries(examples) : undefined;
}

function codeList(codes: ErrorCode[]): string {
  return codes.map((code) => `- \`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join('\n');
}

const REASONS: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  408: 'Request timeout',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  431: 'Request header fields too large',
  500: 'Internal error',
  503: 'Service unavailable',
};

export function errorResponse(codes: ErrorCode[], given?: PublicOperation['errorExamples']): ZodOpenApiResponseObject {
  const status = ERROR_STATUS[codes[0]!];
  return {
    description: `${REASONS[status] ?? 'Error'}:\n\n${codeList(codes)}`,
    headers: status === 429 ? tooManyRequestsHeaders : plainHeaders,
    content: { 'application/json': { schema: envelopeOfAny(codes), examples: examplesOf(codes, given) } },
  };
}

/** The error responses of an operation by status, codes grouped under their status. */
export function errorResponsesOf(operation: PublicOperation, route: PublicRoute | undefined): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(operation, route)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const sorted = [...byStatus.entries()].sort(([a], [b]) => a - b);
  return Object.fromEntries(sorted.map(([status, codes]) => [String(status), errorResponse(codes, operation.errorExamples)]));
}
