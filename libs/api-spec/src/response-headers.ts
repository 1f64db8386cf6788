import { z } from 'zod';

/** Response headers of the public interface, each a reusable component of the document. */

const requestId = z.string().meta({
  description: 'The request\'s id: the caller\'s own `X-Request-Id` when it sent one, otherwise a new one. Quote it to support.',
  example: 'c0a8012e-5d4f-4b1a-9e6f-2a7b3c4d5e6f',
  header: { id: 'X-Request-Id' },
});

const rateLimitHeaders = {
  'X-RateLimit-Limit': z.number().int().meta({ description: 'Requests allowed per minute in this endpoint\'s bucket.', example: 60, header: { id: 'X-RateLimit-Limit' } }),
  'X-RateLimit-Remaining': z.number().int().meta({
    description: 'Requests left in the current window; 0 on the last allowed request (the next is 429).',
    example: 59,
    header: { id: 'X-RateLimit-Remaining' },
  }),
  'X-RateLimit-Reset': z.number().int().meta({
    description: 'When the window resets: Unix time in whole seconds (the next UTC minute boundary).',
    example: 1_795_000_020,
    header: { id: 'X-RateLimit-Reset' },
  }),
  'RateLimit-Policy': z.string().meta({
    description: 'The IETF draft policy field: `"<bucket>";q=<limit>;w=60`.',
    example: '"companies.search";q=60;w=60',
    header: { id: 'RateLimit-Policy' },
  }),
  RateLimit: z.string().meta({
    description: 'The IETF draft field: `"<bucket>";r=<remaining>;t=<seconds to reset>`.',
    example: '"companies.search";r=59;t=41',
    header: { id: 'RateLimit' },
  }),
};

const retryAfter = z.number().int().meta({
  description: 'Seconds until the window resets (equal to the seconds until `X-RateLimit-Reset`). Retry no earlier.',
  example: 41,
  header: { id: 'Retry-After' },
});

/** Every response carries the request id. */
export const plainHeaders = z.object({ 'X-Request-Id': requestId });

/** Successful answers of a rate-limited endpoint. */
export const rateLimitedSuccessHeaders = z.object({ 'X-Request-Id': requestId, ...rateLimitHeaders });

/** 429: the rate-limit fields and Retry-After. */
export const tooManyRequestsHeaders = z.object({ 'X-Request-Id': requestId, ...rateLimitHeaders, 'Retry-After': retryAfter });
