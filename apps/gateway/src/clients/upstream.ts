import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import { Pool } from 'undici';
import { INTERNAL_HEADERS, type Caller, type Upstream } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { withClientSpan } from '@radar/platform/telemetry';

/** Request headers that never travel to a service: credentials, hop-by-hop, and forged identity. */
const DROPPED_REQUEST_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
  INTERNAL_HEADERS.caller,
  INTERNAL_HEADERS.signature,
  INTERNAL_HEADERS.requestId,
]);

/** Answers up to this size are read whole and sent in one write; larger ones (exports) stream. */
const BUFFERED_ANSWER_MAX_BYTES = 64 * 1024;

/** Response headers the gateway owns or that describe the inner hop only. */
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'x-request-id', 'x-powered-by']);

/**
 * A service the gateway cannot use: not deployed here (no `failure`), or not reachable or not
 * answering in time (`failure` says how). The HTTP layer answers it with 503.
 */
export class UpstreamUnavailable extends Error {
  constructor(
    readonly upstream: Upstream,
    readonly failure?: unknown,
  ) {
    super(failure === undefined ? `The ${upstream} service is not configured here` : `The ${upstream} service could not be used`, { cause: failure });
    this.name = 'UpstreamUnavailable';
  }
}

export interface UpstreamClientOptions {
  upstreams: Partial<Record<Upstream, string>>;
  signingSecret: string;
  /** How long a forwarded public request may wait for the service's headers, and then between its body's chunks. */
  timeoutMs: number;
}

/** A request the gateway makes on its own account (operator routes, status), answered whole. */
export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Path and query on the service. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The whole call, answer body included. */
  timeoutMs: number;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Every call from the gateway to another service, over a keep-alive connection pool per service
 * (undici: the cheapest HTTP client for the hot path). `forward` streams a public request to
 * the owning service with the caller's signed identity and streams the answer back; `call`
 * makes a small request of the gateway's own and reads the answer whole.
 */
export class UpstreamClient {
  private readonly pools: Map<Upstream, Pool>;
  private readonly origins: Map<Upstream, string>;

  constructor(private readonly options: UpstreamClientOptions) {
    this.origins = new Map(
      Object.entries(options.upstreams)
        .filter((entry): entry is [string, string] => Boolean(entry[1]))
        .map(([name, url]) => [name, new URL(url).origin]),
    );
    this.pools = new Map([...this.origins].map(([name, origin]) => [name, new Pool(origin, { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 })]));
  }

  isConfigured(upstream: Upstream): boolean {
    return this.pools.has(upstream);
  }

  /**
   * Forwards a public request; `successHeaders` are added only when the service answers below 400.
   * Throws UpstreamUnavailable, before anything is sent, when the service cannot take the request.
   * `passAuthorization` sends the caller's Authorization header on, for a service that calls the
   * public API as the caller (the MCP server); every other service gets the signed identity only.
   */
  async forward(req: Request, res: Response, upstream: Upstream, caller: Caller, successHeaders: Record<string, string>, options: { passAuthorization?: boolean } = {}): Promise<void> {
    const pool = this.pools.get(upstream);
    if (!pool) throw new UpstreamUnavailable(upstream);
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    let answer: Awaited<ReturnType<Pool['request']>>;
    try {
      const path = req.originalUrl.replace(/^\/api\/v1/, '') || '/';
      // undici is not Node's http module: the service continues this request's trace from the headers given here.
      answer = await withClientSpan(
        req.method,
        `${this.origins.get(upstream)}${path}`,
        (traceHeaders) =>
          pool.request({
            method: req.method as 'GET',
            path,
            headers: {
              ...copyHeaders(req.headers, DROPPED_REQUEST_HEADERS),
              ...(options.passAuthorization && req.headers.authorization ? { authorization: req.headers.authorization } : {}),
              ...signCaller(caller, this.options.signingSecret),
              [INTERNAL_HEADERS.requestId]: req.requestId,
              ...traceHeaders,
            },
            body: hasBody ? bodyOf(req) : undefined,
            headersTimeout: this.options.timeoutMs,
            bodyTimeout: this.options.timeoutMs,
          }),
        (upstreamAnswer) => upstreamAnswer.statusCode,
      );
    } catch (error) {
      throw new UpstreamUnavailable(upstream, error);
    }
    res.status(answer.statusCode);
    for (const [name, value] of Object.entries(copyHeaders(answer.headers, DROPPED_RESPONSE_HEADERS))) {
      if (value !== undefined) res.setHeader(name, value);
    }
    if (answer.statusCode < 400) res.set(successHeaders);
    try {
      const length = Number(answer.headers['content-length']);
      if (length <= BUFFERED_ANSWER_MAX_BYTES) {
        // A small answer goes out in one write (headers and body together): fewer system calls
        // on the hottest path than streaming it chunk by chunk.
        res.end(Buffer.from(await answer.body.arrayBuffer()));
      } else {
        await pipeline(answer.body, res);
      }
    } catch (error) {
      // The client went away or the service broke off mid-answer: nothing more can be sent.
      req.log.warn({ err: error, upstream }, 'answer stream broken');
    }
  }

  /** Throws when the service is not configured here, cannot be reached or does not answer within the call's time. */
  async call(upstream: Upstream, call: UpstreamCall): Promise<UpstreamAnswer> {
    const pool = this.pools.get(upstream);
    if (!pool) throw new UpstreamUnavailable(upstream);
    return withClientSpan(
      call.method,
      `${this.origins.get(upstream)}${call.path}`,
      async (traceHeaders) => {
        const answer = await pool.request({
          method: call.method,
          path: call.path,
          headers: { ...call.headers, ...traceHeaders },
          body: call.body,
          // undici's own limits (300 s) would otherwise cut a longer operator call short.
          headersTimeout: call.timeoutMs,
          bodyTimeout: call.timeoutMs,
          signal: AbortSignal.timeout(call.timeoutMs),
        });
        return { status: answer.statusCode, headers: answer.headers, body: Buffer.from(await answer.body.arrayBuffer()) };
      },
      (answer) => answer.status,
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}

/**
 * The client's body as undici reads it. undici destroys the stream it is given when the service
 * answers before reading all of it (a 415 or 413 from its first bytes) or cannot be reached.
 * Were that the request itself, the rest of the body would stay unread on the client's
 * keep-alive connection and stall its next request; with a pass-through in between, the gateway
 * drains the rest instead, as Node does with a body no handler read.
 */
function bodyOf(req: Request): PassThrough {
  const body = new PassThrough();
  req.pipe(body);
  body.once('close', () => {
    if (req.complete) return;
    req.unpipe(body);
    req.resume();
  });
  // A client that goes away mid-body ends the upload to the service too.
  req.once('close', () => {
    if (!req.complete) body.destroy(new Error('the client closed the request before its body ended'));
  });
  return body;
}

function copyHeaders(source: IncomingHttpHeaders | Record<string, string | string[] | undefined>, dropped: Set<string>) {
  const copy: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && !dropped.has(name.toLowerCase())) copy[name] = value;
  }
  return copy;
}
