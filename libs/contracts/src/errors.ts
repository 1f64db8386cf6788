import { z } from 'zod';

/** Every error code the API answers with, and its HTTP status. Clients branch on the code. */
export const ERROR_STATUS = {
  MISSING_AUTH_HEADER: 401,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 401,
  INSUFFICIENT_SCOPE: 403,
  WORKSPACE_EDIT_FORBIDDEN: 403,
  insufficient_balance: 402,
  no_candidates: 400,
  EXPORT_NOT_READY: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  WORKSPACE_CRON_JOB_LIMIT: 409,
  DOMAIN_ALREADY_ACTIVE: 409,
  DOMAINS_FOLLOW_LIST: 409,
  STATUS_TRANSITION_FORBIDDEN: 409,
  /** A webhook delivery already has an attempt queued or in flight. */
  DELIVERY_IN_PROGRESS: 409,
  /** An HTTP request the server could not parse (request line, headers or chunked framing). */
  MALFORMED_REQUEST: 400,
  /** The client took too long to send its request. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  WEBHOOK_REQUIRED: 422,
  WEBHOOK_NOT_FOUND: 422,
  INVALID_CURSOR: 422,
  CURSOR_SORT_MISMATCH: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  OPERATOR_UNAUTHORIZED: 401,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const errorEnvelopeSchema = z.object({
  detail: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
