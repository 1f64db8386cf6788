import type { Logger } from 'pino';
import { request } from 'undici';
import { parseRetryAfter } from '@radar/platform/retry';
import { withClientSpan } from '@radar/platform/telemetry';
import type { z } from 'zod';
import {
  PROVIDER_FOLLOWED_PATH,
  PROVIDER_PATH,
  providerFollowedResponseSchema,
  providerResponseSchema,
  type ProviderFollowedResponse,
  type ProviderItem,
  type SignalType,
} from '@radar/contracts';
import { failureOfStatus, ProviderFailure } from './provider-failure';
import { retryDelayMs, type RetryTiming } from './provider-retry-delay';

export interface ProviderClientOptions {
  baseUrl: string;
  apiKey: string;
  /** One attempt, answer body included, may take this long. */
  timeoutMs: number;
  /** Attempts per call, the first included. */
  maxAttempts: number;
  retry: RetryTiming;
  logger: Logger;
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The HTTP client's errors (an abort's DOMException, a JSON SyntaxError) are not always `instanceof` this realm's classes: look at their names. */
const nameOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined);
const isTimeout = (error: unknown): boolean => nameOf(error) === 'TimeoutError' || nameOf(error) === 'AbortError';

/**
 * The upstream signal provider over HTTP (libs/contracts/src/provider.ts), called as the real
 * one is: X-Api-Key, a timeout per attempt, bounded retries with back-off on timeouts, network
 * errors, 429 and 5xx. Every failure comes out as a ProviderFailure.
 */
export class ProviderClient {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: ProviderClientOptions) {
    this.sleep = options.sleep ?? wait;
  }

  /** The company's items of `signalType` as of `asOf` (YYYY-MM-DD), newest first. */
  async companyItems(domain: string, signalType: SignalType, asOf: string): Promise<ProviderItem[]> {
    const answer = await this.call(`${PROVIDER_PATH(domain, signalType)}?as_of=${encodeURIComponent(asOf)}`, providerResponseSchema, { domain, signalType });
    return answer.data;
  }

  /**
   * A page of the followed companies (the leads feed), each with its items of every type that
   * happened from `since` to `asOf` (YYYY-MM-DD), and how many companies are followed.
   */
  async followedCompanies(page: { asOf: string; since: string; offset: number; limit: number }): Promise<ProviderFollowedResponse> {
    const query = new URLSearchParams({ as_of: page.asOf, since: page.since, offset: String(page.offset), limit: String(page.limit) });
    return this.call(`${PROVIDER_FOLLOWED_PATH}?${query}`, providerFollowedResponseSchema, { feedOffset: page.offset });
  }

  /** One call with the client's retries: attempts until one answers or a failure is not worth retrying. */
  private async call<T>(pathAndQuery: string, schema: z.ZodType<T>, context: Record<string, unknown>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.attempt(pathAndQuery, schema);
      } catch (error) {
        const failure = error instanceof ProviderFailure ? error : new ProviderFailure('PROVIDER_UNREACHABLE', true, String(error));
        if (!failure.retryable || attempt >= this.options.maxAttempts) throw failure;
        const delay = retryDelayMs(attempt, this.options.retry, failure.retryAfterMs);
        this.options.logger.warn({ ...context, attempt, code: failure.code, delayMs: delay }, 'provider call failed; retrying');
        await this.sleep(delay);
      }
    }
  }

  private async attempt<T>(pathAndQuery: string, schema: z.ZodType<T>): Promise<T> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}${pathAndQuery}`;
    // One deadline for the whole attempt: a provider that sends headers and then stalls the body times out too.
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let body: unknown;
    try {
      // undici's request rather than fetch: a check's one call costs a fraction of fetch's CPU (no web streams); the client span and trace headers are added here.
      const response = await withClientSpan(
        'GET',
        url,
        (traceHeaders) => request(url, { headers: { 'x-api-key': this.options.apiKey, accept: 'application/json', ...traceHeaders }, signal }),
        (answer) => answer.statusCode,
      );
      if (response.statusCode < 200 || response.statusCode > 299) {
        await response.body.dump().catch(() => undefined);
        const retryAfter = response.headers['retry-after'];
        throw failureOfStatus(response.statusCode, parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, this.options.now().getTime()));
      }
      body = await response.body.json();
    } catch (error) {
      if (error instanceof ProviderFailure) throw error;
      if (isTimeout(error)) throw new ProviderFailure('PROVIDER_TIMEOUT', true, `No answer from the provider within ${this.options.timeoutMs} ms`);
      if (nameOf(error) === 'SyntaxError') throw new ProviderFailure('PROVIDER_BAD_RESPONSE', false, `The provider answered with invalid JSON: ${String(error)}`);
      throw new ProviderFailure('PROVIDER_UNREACHABLE', true, `The provider is unreachable: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ProviderFailure('PROVIDER_BAD_RESPONSE', false, `The provider's answer does not follow its contract: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }
}
