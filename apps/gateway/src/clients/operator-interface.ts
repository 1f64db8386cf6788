import { OPERATOR_PREFIX, type Upstream } from '@radar/contracts';
import { UpstreamUnavailable, type UpstreamAnswer, type UpstreamCall, type UpstreamClient } from './upstream';

/** A call to another service's operator interface; `path` (and query) is under OPERATOR_PREFIX. */
export interface OperatorCall extends Omit<UpstreamCall, 'headers'> {
  requestId: string;
  /** Headers beyond the operator secret and the request id. */
  headers?: Record<string, string>;
}

/**
 * The other services' operator interfaces, called with the operator secret they share with the
 * gateway: the CLI keeps one address and the gateway never touches another service's tables.
 */
export class OperatorInterfaceClient {
  constructor(
    private readonly upstream: UpstreamClient,
    private readonly operatorSecret: string,
  ) {}

  isConfigured(service: Upstream): boolean {
    return this.upstream.isConfigured(service);
  }

  /** Throws UpstreamUnavailable when the service is not deployed here, cannot be reached or does not answer in time. */
  async call(service: Upstream, { requestId, headers, path, ...call }: OperatorCall): Promise<UpstreamAnswer> {
    try {
      return await this.upstream.call(service, {
        ...call,
        path: `${OPERATOR_PREFIX}${path}`,
        headers: { authorization: `Bearer ${this.operatorSecret}`, 'x-request-id': requestId, ...headers },
      });
    } catch (error) {
      throw error instanceof UpstreamUnavailable ? error : new UpstreamUnavailable(service, error);
    }
  }

  /** A GET answered with JSON: its status and parsed body (undefined when the body is not JSON). */
  async getJson(service: Upstream, path: string, requestId: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
    const answer = await this.call(service, { method: 'GET', path, requestId, headers: { accept: 'application/json' }, timeoutMs });
    try {
      return { status: answer.status, body: JSON.parse(answer.body.toString('utf8')) as unknown };
    } catch {
      return { status: answer.status, body: undefined };
    }
  }
}
