import { z } from 'zod';
import type { ErrorCode } from './errors';

/**
 * The `details` object of the error envelope, for the codes that carry one. Codes not listed
 * here send no details, or details that are not part of the contract.
 */

const fieldProblem = z.object({
  field: z.string().meta({ description: 'The field, dotted for nested ones (`search_filters.countries.0`); empty for the whole input.' }),
  message: z.string(),
});

export const validationErrorDetailsSchema = z
  .object({ errors: z.array(fieldProblem).meta({ description: 'Every bad field, unknown fields included.' }) })
  .meta({ id: 'ValidationErrorDetails' });

export const insufficientBalanceDetailsSchema = z
  .object({
    shortfall: z.number().int().meta({ description: 'Credits missing: cost - balance.' }),
    cost: z.number().int(),
    balance: z.number().int(),
    matched_count: z.number().int().meta({ description: 'Companies the export matched (up to 10,000).' }),
  })
  .meta({ id: 'InsufficientBalanceDetails' });

export const cursorSortMismatchDetailsSchema = z
  .object({
    cursor_sort: z.string().meta({ description: 'The sort that issued the cursor, `<field>:<order>:<flag>`.', example: 'name:asc:noquery' }),
    request_sort: z.string().meta({ description: 'The sort of this request, same form.', example: 'relevance:desc:query' }),
  })
  .meta({ id: 'CursorSortMismatchDetails' });

export const rateLimitedDetailsSchema = z
  .object({
    bucket: z.string().meta({ description: 'The rate-limit bucket that is exhausted.' }),
    limit: z.number().int().meta({ description: 'Requests allowed per minute in that bucket.' }),
    retry_after: z.number().int().meta({ description: 'Seconds until the window resets (as the Retry-After header).' }),
  })
  .meta({ id: 'RateLimitedDetails' });

export const serverErrorDetailsSchema = z
  .object({ request_id: z.string().meta({ description: 'The X-Request-Id of the failed request, for support.' }) })
  .meta({ id: 'ServerErrorDetails' });

/** A code's details: their schema, and whether every answer with that code carries them. */
export interface ErrorDetailsShape {
  schema: z.ZodType;
  always: boolean;
}

export const ERROR_DETAILS: Partial<Record<ErrorCode, ErrorDetailsShape>> = {
  VALIDATION_ERROR: { schema: validationErrorDetailsSchema, always: false },
  insufficient_balance: { schema: insufficientBalanceDetailsSchema, always: true },
  CURSOR_SORT_MISMATCH: { schema: cursorSortMismatchDetailsSchema, always: true },
  RATE_LIMITED: { schema: rateLimitedDetailsSchema, always: true },
  INTERNAL_ERROR: { schema: serverErrorDetailsSchema, always: false },
};

/** What each code means, for the reference and for clients deciding what to do. */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  MISSING_AUTH_HEADER: 'No `Authorization: Bearer <token>` header.',
  INVALID_TOKEN: 'The token is unknown or revoked.',
  TOKEN_EXPIRED: 'The token has expired.',
  INSUFFICIENT_SCOPE: 'The token\'s scope is too low (a `read` token on an endpoint that needs `read_write`).',
  WORKSPACE_EDIT_FORBIDDEN: 'The token holder is not an owner or admin of the workspace (checked at request time).',
  insufficient_balance: 'The export costs more credits than the balance; nothing was charged, created or unlocked.',
  no_candidates: 'No companies match the export or preview.',
  EXPORT_NOT_READY: 'The export is not completed yet; poll it until `status` is `completed`.',
  NOT_FOUND: 'No such record in the workspace (a record of another workspace is not found either), or no such path.',
  CONFLICT: 'The request conflicts with the current state.',
  WORKSPACE_CRON_JOB_LIMIT: 'The workspace already has 10 active monitors.',
  DOMAIN_ALREADY_ACTIVE: 'The monitor already watches that company.',
  DOMAINS_FOLLOW_LIST: 'The monitor watches a saved list; change the list to change its companies.',
  DELIVERY_IN_PROGRESS: 'An attempt of the webhook delivery is already queued or in flight; redeliver once it has ended.',
  STATUS_TRANSITION_FORBIDDEN: 'A monitor paused for lack of credits resumes by itself after a top-up; it cannot be resumed by hand.',
  MALFORMED_REQUEST: 'The HTTP request could not be parsed.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  PAYLOAD_TOO_LARGE: 'The body is larger than the limit.',
  UNSUPPORTED_MEDIA_TYPE: 'A non-empty body that is not `application/json`.',
  VALIDATION_ERROR: 'An invalid field, named in the message and listed in `details.errors`: unknown body fields, malformed JSON, values out of range, unknown enum values.',
  WEBHOOK_REQUIRED: 'Webhook delivery without a `webhook_id`.',
  WEBHOOK_NOT_FOUND: 'The `webhook_id` is not a webhook of the workspace.',
  INVALID_CURSOR: 'The cursor was not issued by the service, or was altered.',
  CURSOR_SORT_MISMATCH: 'The cursor was issued under another sort; `details` names both sorts.',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was used in the last 24 hours with a different body.',
  RATE_LIMITED: 'The bucket\'s requests per minute are used up; retry after `Retry-After` seconds.',
  REQUEST_HEADER_FIELDS_TOO_LARGE: 'The request headers are too large.',
  OPERATOR_UNAUTHORIZED: 'Operator interface only: the operator secret is missing or wrong.',
  INTERNAL_ERROR: 'An unexpected failure; `details.request_id` identifies the request.',
  SERVICE_UNAVAILABLE: 'A dependency (database, broker, another service) is down; retry with backoff.',
};
