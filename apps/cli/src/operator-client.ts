import { errorEnvelopeSchema, jobSchema, OPERATOR_PREFIX, type JobView } from '@radar/contracts';
import { CliError } from './cli-error';
import type { OperatorConfig } from './config/operator-config';
import type { OperatorRequest } from './operator-request';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** What a call that starts long work answered: the job to follow, or (a service that ran it at once) the result itself. */
export type StartedWork<R> = { job: JobView } | { result: R };

/** Sends operator requests to the gateway's internal operator port and turns every outcome into a result or a CliError. */
export class OperatorClient {
  constructor(
    private readonly config: OperatorConfig,
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  async send<R>(request: OperatorRequest<R>): Promise<R> {
    const { status, body } = await this.call(request);
    return this.parsed(request, status, body);
  }

  /** Starts long work as a job (`Prefer: respond-async`): 202 answers the job; a plain 200 is already the result. */
  async start<R>(request: OperatorRequest<R>): Promise<StartedWork<R>> {
    const { status, body } = await this.call({ ...request, respondAsync: true });
    if (status !== 202) return { result: this.parsed(request, status, body) };
    const job = jobSchema.safeParse(body);
    if (!job.success) throw new CliError('UNEXPECTED_RESPONSE', `The operator interface answered ${request.method} ${request.path} with 202 but no job`);
    return { job: job.data };
  }

  private parsed<R>(request: OperatorRequest<R>, status: number, body: unknown): R {
    const result = request.result.safeParse(body);
    if (!result.success) {
      throw new CliError('UNEXPECTED_RESPONSE', `The operator interface answered ${request.method} ${request.path} with an unexpected body (HTTP ${status})`);
    }
    return result.data;
  }

  /** The status and JSON body of a call; an error status is thrown as the API's error. */
  private async call(request: OperatorRequest<unknown>): Promise<{ status: number; body: unknown }> {
    const url = `${this.config.url.replace(/\/+$/, '')}${OPERATOR_PREFIX}${request.path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.config.secret}`, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.respondAsync) headers.prefer = 'respond-async';

    const timeoutMs = request.timeoutMs ?? this.config.timeoutMs;
    let status: number;
    let text: string;
    try {
      const response = await this.fetchImpl(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw this.unreachable(error, timeoutMs);
    }

    const body = parseJson(text);
    if (status >= 400) throw failureFrom(status, body);
    return { status, body };
  }

  private unreachable(error: unknown, timeoutMs: number): CliError {
    // A DOMException, which is not always an `instanceof Error` across realms: look at its name.
    const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    const reason = timedOut ? `no answer within ${timeoutMs} ms` : describeNetworkError(error);
    return new CliError(
      'SERVICE_UNAVAILABLE',
      `The operator interface at ${this.config.url} is unreachable (${reason}); is the gateway running and RADAR_OPERATOR_URL right?`,
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The API's own code and message when it sent its envelope; otherwise a code chosen from the status. */
function failureFrom(status: number, body: unknown): CliError {
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) return new CliError(envelope.data.detail.code, envelope.data.detail.message);
  if (GATEWAY_STATUSES.has(status)) return new CliError('SERVICE_UNAVAILABLE', `The operator interface answered HTTP ${status}`);
  return new CliError('UNEXPECTED_RESPONSE', `The operator interface answered HTTP ${status} without an error envelope`);
}

/** fetch hides the socket error (ECONNREFUSED, ENOTFOUND, ...) in `cause`. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error.message;
}
