import { backOffDelayMs, parseRetryAfter } from '@radar/platform/retry';
import { SAFE_TO_REPEAT } from './generated/safe-operations';

export interface RetryPolicy {
  /** Attempts in all, the first included (1 turns retries off). */
  attempts: number;
  /** The longest wait before a retry; a Retry-After beyond it is not waited for (the answer is returned). */
  maxDelayMs: number;
  /** First wait of the exponential backoff when the server names none (doubled each time, with jitter). */
  baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 4, maxDelayMs: 60_000, baseDelayMs: 500 };

type Fetch = (request: Request) => Promise<Response>;

const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

const SAFE_OPERATIONS = SAFE_TO_REPEAT.map((operation) => {
  const [method, template] = operation.split(' ') as [string, string];
  return { method, pattern: templatePattern(template) };
});

/**
 * Whether sending the request again can change nothing: the operations the document marks safe to
 * repeat (reads, and the read-only POSTs), and a create carrying an Idempotency-Key.
 */
function safeToRepeat(request: Request, apiPath: string): boolean {
  if (request.method === 'POST' && apiPath === '/exports' && request.headers.has('idempotency-key')) return true;
  return SAFE_OPERATIONS.some((operation) => operation.method === request.method && operation.pattern.test(apiPath));
}

/** Retry-After in milliseconds: delta seconds or an HTTP date. Undefined when absent or unreadable. */
export const retryAfterMs = (response: Response, now = Date.now()): number | undefined => parseRetryAfter(response.headers.get('retry-after'), now);

/** The wait before retry `retry` (1 for the first) when the server names none. */
const backOffMs = (policy: RetryPolicy, retry: number): number => backOffDelayMs(retry, { baseMs: policy.baseDelayMs, maxMs: policy.maxDelayMs });

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * fetch with the contract's client guidance: a 429 is retried after its Retry-After (the gateway
 * refused it before any service saw it, so any request may go again); a 503, or a connection that
 * failed, only for requests that are safe to repeat, after Retry-After or an exponential backoff.
 * Bounded in attempts and in each wait; anything else is returned at once.
 */
export function retryingFetch(policy: RetryPolicy, apiPathOf: (url: string) => string, fetchOnce: Fetch = (request) => fetch(request)): Fetch {
  return async (request) => {
    const repeatable = safeToRepeat(request, apiPathOf(request.url));
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= policy.attempts;
      // A body can be read once: every attempt but the last sends a copy.
      const sent = last ? request : request.clone();
      let response: Response;
      try {
        response = await fetchOnce(sent);
      } catch (error) {
        if (last || !repeatable || request.signal.aborted) throw error;
        await sleep(backOffMs(policy, attempt), request.signal);
        continue;
      }
      const retryable = response.status === 429 || (response.status === 503 && repeatable);
      if (last || !retryable) return response;
      const delay = retryAfterMs(response) ?? backOffMs(policy, attempt);
      if (delay > policy.maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
    }
  };
}
