import { RATE_LIMIT_BUCKETS } from '@radar/contracts';

/** The reference's introduction: what every endpoint shares (interface.md and decisions.md). */

const bucketTable = Object.entries(RATE_LIMIT_BUCKETS)
  .map(([bucket, limit]) => `| \`${bucket}\` | ${limit} |`)
  .join('\n');

export const API_DESCRIPTION = `
Company search and detail, credits, exports, monitors, signals and leads. Every path is relative to
\`{base_url}/api/v1\`. Bodies are JSON; timestamps are ISO 8601 UTC; day-only dates are \`YYYY-MM-DD\`;
record ids are strings (UUIDs unless stated).

## Authentication
Every request carries \`Authorization: Bearer <API_TOKEN>\`. Tokens are created in the web app and belong to
one workspace. Scopes: \`read\`, and \`read_write\` which includes it. \`POST /exports\` and monitor changes need
\`read_write\`; monitor changes also need the token's holder to be an owner or admin of the workspace at request
time. Failures: 401 \`MISSING_AUTH_HEADER\`, 401 \`INVALID_TOKEN\`, 401 \`TOKEN_EXPIRED\`, 403
\`INSUFFICIENT_SCOPE\`, 403 \`WORKSPACE_EDIT_FORBIDDEN\`.

## Errors
Every error is \`{"detail": {"code", "message", "details"?}}\`. Branch on \`detail.code\`; messages may change.
Each operation lists its codes under their statuses. Unknown body fields, malformed JSON and invalid values
are 422 naming the field; unknown query parameters are ignored. A non-empty body that is not JSON is 415, a
body over the limit 413. Any 5xx carries \`details.request_id\`; 503 \`SERVICE_UNAVAILABLE\` means a dependency
is down and the call can be retried with backoff. 404s never tell whether a record exists in another workspace.

Do not retry credential errors or 422 unchanged, nor 402 before adding credits. Retry 429 and 5xx with
backoff, honouring \`Retry-After\`; reads (including the read-only POSTs: search, counts, preview, download)
are safe to repeat, \`POST /exports\` only with an \`Idempotency-Key\`.

## Rate limits
Counted per token, per endpoint bucket, per UTC calendar minute. Successful answers and 429s carry
\`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` (0 on the last allowed request), \`X-RateLimit-Reset\` (Unix
seconds of the next minute boundary) and the IETF draft fields \`RateLimit-Policy\` and \`RateLimit\`; a 429
also carries \`Retry-After\` (seconds). Other errors carry none of them.

| Bucket | Requests per minute |
|---|---|
${bucketTable}

## Pagination
Company search pages with opaque, signed cursors: send the previous page's \`next_cursor\` back as
\`cursor\` with the same sort; it is null on the last page. Lists of exports, monitors, runs, signals and leads
page by \`limit\` and \`offset\` and report \`total\`.

## Credits
Only creating an export (1 credit per company the workspace never exported before) and monitor runs (1 credit
per company per signal type per daily run) cost credits. Checks that could not be made are refunded.

## Versioning
The version is part of the path. Additive changes land in v1 continuously: new response fields may appear at
any time (clients must ignore fields they do not know), and new CSV columns are appended at the end.
`.trim();
