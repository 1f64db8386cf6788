import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIPv6, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { CheckedEndpoint } from '../domain/endpoints/endpoint-policy';
import { receiverRetryAfterMs } from './retry-after';

/** What the receiver answered; `status` is null when no response came (then `error` says why). */
export interface OutboundAnswer {
  status: number | null;
  /** From sending the request to the response's status line (or to the failure). */
  latencyMs: number;
  error: string | null;
  /** The wait the receiver asked for (Retry-After), when it did. */
  retryAfterMs: number | undefined;
  /** The start of the response body as text (for showing to an operator), when one came. */
  bodyExcerpt: string | null;
}

export interface OutboundPost {
  endpoint: CheckedEndpoint;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** Enough of a body to show what a receiver said; the rest is not read (the connection is then closed). */
const BODY_EXCERPT_BYTES = 16 * 1024;

/**
 * A connection goes to the checked addresses only: the client's own name resolution is replaced
 * by them, so the name is never looked up again between the check and the connection.
 */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const answers = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return (_hostname, options, callback) => {
    const first = answers[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address to connect to'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, answers);
    else callback(null, first.address, first.family);
  };
}

const describeFailure = (error: Error & { code?: string }): string => (error.code ? `${error.message} (${error.code})` : error.message);

/**
 * POSTs JSON to receivers over keep-alive connections, never following redirects. The whole
 * exchange up to the response's status is bounded by the timeout; the body is read only as far as
 * an excerpt.
 */
export class OutboundClient {
  private readonly httpAgent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, scheduling: 'lifo' });

  post(request: OutboundPost): Promise<OutboundAnswer> {
    const { url } = request.endpoint;
    const transport = url.protocol === 'https:' ? https : http;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      let responded = false;
      const finish = (answer: Omit<OutboundAnswer, 'latencyMs'>, latencyMs = elapsed()) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...answer, latencyMs });
      };
      const outgoing = transport.request(url, {
        method: 'POST',
        agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        lookup: pinnedLookup(request.endpoint.addresses),
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      });
      const timer = setTimeout(() => {
        outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`));
      }, request.timeoutMs);
      outgoing.on('response', (response: IncomingMessage) => {
        responded = true;
        const latencyMs = elapsed();
        const status = response.statusCode ?? null;
        const retryAfterMs = receiverRetryAfterMs(response.headers['retry-after'], Date.now());
        void readExcerpt(response).then((bodyExcerpt) => finish({ status, error: null, retryAfterMs, bodyExcerpt }, latencyMs));
      });
      outgoing.on('error', (error: Error & { code?: string }) => {
        // After the status line, an error only cuts the excerpt short: the answer stands.
        if (responded) return;
        finish({ status: null, error: describeFailure(error), retryAfterMs: undefined, bodyExcerpt: null });
      });
      outgoing.end(request.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

/** Reads up to BODY_EXCERPT_BYTES of a response; a longer or broken body yields what arrived. */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, BODY_EXCERPT_BYTES).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= BODY_EXCERPT_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}
