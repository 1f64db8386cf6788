import { pipeline } from 'node:stream/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import { Pool } from 'undici';
import { INTERNAL_HEADERS, type Caller } from '@radar/contracts';
import { sendError } from '@radar/platform/http';
import { signCaller } from '@radar/platform/internal-auth';
import type { Upstream } from '../http/public-routes';

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

export interface ForwarderOptions {
  upstreams: Partial<Record<Upstream, string>>;
  signingSecret: string;
  timeoutMs: number;
}

/**
 * Streams a request to the owning service with the caller's signed identity, and streams the
 * answer back, over a keep-alive connection pool per service (undici: the cheapest HTTP client
 * for the hot path). `successHeaders` are added only when the service answers below 400.
 */
export class Forwarder {
  private readonly pools: Partial<Record<Upstream, Pool>>;

  constructor(private readonly options: ForwarderOptions) {
    this.pools = Object.fromEntries(
      Object.entries(options.upstreams)
        .filter(([, url]) => Boolean(url))
        .map(([name, url]) => [name, new Pool(new URL(url as string).origin, { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 })]),
    );
  }

  isConfigured(upstream: Upstream): boolean {
    return this.pools[upstream] !== undefined;
  }

  async forward(req: Request, res: Response, upstream: Upstream, caller: Caller, successHeaders: Record<string, string>): Promise<void> {
    const pool = this.pools[upstream];
    if (!pool) {
      sendError(res, 'SERVICE_UNAVAILABLE', `The ${upstream} service is not available yet`);
      return;
    }
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    let answer: Awaited<ReturnType<Pool['request']>>;
    try {
      answer = await pool.request({
        method: req.method as 'GET',
        path: req.originalUrl.replace(/^\/api\/v1/, '') || '/',
        headers: {
          ...copyHeaders(req.headers, DROPPED_REQUEST_HEADERS),
          ...signCaller(caller, this.options.signingSecret),
          [INTERNAL_HEADERS.requestId]: req.requestId,
        },
        body: hasBody ? req : undefined,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
    } catch (error) {
      req.log.warn({ err: error, upstream }, 'upstream request failed');
      sendError(res, 'SERVICE_UNAVAILABLE', `The ${upstream} service is unavailable; retry with backoff`, { request_id: req.requestId });
      return;
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

  async close(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((pool) => pool.close()));
  }
}

function copyHeaders(source: IncomingHttpHeaders | Record<string, string | string[] | undefined>, dropped: Set<string>) {
  const copy: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && !dropped.has(name.toLowerCase())) copy[name] = value;
  }
  return copy;
}
