import {
  errors,
  SniffingTransport,
  type TransportRequestOptions,
  type TransportRequestOptionsWithMeta,
  type TransportRequestOptionsWithOutMeta,
  type TransportRequestParams,
  type TransportResult,
} from '@elastic/elasticsearch';
import { waitBeforeRetry, type BackOff } from './back-off';

/**
 * Whether a failed write may simply be sent again: the cluster was not reached, did not answer
 * in time, or refused the whole request for now (429 when its write queues are full, any 5xx).
 * The writes that go through this transport (bulk `index` actions, settings, aliases, the feed's
 * progress document) give the same result when applied twice.
 */
export function isRetryableWriteFailure(error: unknown): boolean {
  if (error instanceof errors.ConnectionError || error instanceof errors.TimeoutError || error instanceof errors.NoLivingConnectionsError) {
    return true;
  }
  if (error instanceof errors.ResponseError) {
    const status = error.statusCode ?? 0;
    return status === 429 || status >= 500;
  }
  return false;
}

export type RetryListener = (event: { error: unknown; retry: number; path: string }) => void;

/**
 * A transport for the writing client: every request the cluster refuses for now (see
 * isRetryableWriteFailure) is sent again after an exponential back-off, up to the policy's
 * retries. The client's own retries do not cover this: they resend 502-504 at once, with no
 * wait at all, and never resend a 429, which is how a busy cluster asks bulk writers to slow
 * down. Give the client `maxRetries: 0`, so these are the only retries.
 */
export function backOffTransport(backOff: BackOff, onRetry?: RetryListener): typeof SniffingTransport {
  return class BackOffTransport extends SniffingTransport {
    override request<TResponse = unknown>(params: TransportRequestParams, options?: TransportRequestOptionsWithOutMeta): Promise<TResponse>;
    override request<TResponse = unknown, TContext = unknown>(
      params: TransportRequestParams,
      options?: TransportRequestOptionsWithMeta,
    ): Promise<TransportResult<TResponse, TContext>>;
    override request<TResponse = unknown>(params: TransportRequestParams, options?: TransportRequestOptions): Promise<TResponse>;
    override async request(params: TransportRequestParams, options?: TransportRequestOptions): Promise<unknown> {
      for (let retry = 1; ; retry += 1) {
        try {
          return await super.request(params, options);
        } catch (error) {
          if (retry > backOff.retries || !isRetryableWriteFailure(error)) throw error;
          onRetry?.({ error, retry, path: params.path });
          await waitBeforeRetry(backOff, retry);
        }
      }
    }
  };
}
