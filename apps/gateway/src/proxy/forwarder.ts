import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
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
  'upgrade',
  'te',
  'trailer',
  INTERNAL_HEADERS.caller,
  INTERNAL_HEADERS.signature,
  INTERNAL_HEADERS.requestId,
]);

/** Response headers the gateway owns or that describe the inner hop only. */
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'x-request-id', 'x-powered-by']);

export interface ForwarderOptions {
  upstreams: Partial<Record<Upstream, string>>;
  signingSecret: string;
  timeoutMs: number;
}

/**
 * Streams a request to the owning service with the caller's signed identity, and streams the
 * answer back. `successHeaders` are added only when the service answers below 400.
 */
export class Forwarder {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 30_000 });
  private readonly targets: Partial<Record<Upstream, URL>>;

  constructor(private readonly options: ForwarderOptions) {
    this.targets = Object.fromEntries(
      Object.entries(options.upstreams)
        .filter(([, url]) => Boolean(url))
        .map(([name, url]) => [name, new URL(url as string)]),
    );
  }

  isConfigured(upstream: Upstream): boolean {
    return this.targets[upstream] !== undefined;
  }

  forward(req: Request, res: Response, upstream: Upstream, caller: Caller, successHeaders: Record<string, string>): Promise<void> {
    const target = this.targets[upstream];
    if (!target) {
      sendError(res, 'SERVICE_UNAVAILABLE', `The ${upstream} service is not available yet`);
      return Promise.resolve();
    }
    const path = req.originalUrl.replace(/^\/api\/v1/, '') || '/';
    const headers: OutgoingHttpHeaders = {
      ...copyHeaders(req.headers, DROPPED_REQUEST_HEADERS),
      ...signCaller(caller, this.options.signingSecret),
      [INTERNAL_HEADERS.requestId]: req.requestId,
    };

    return new Promise((resolve) => {
      const outbound = http.request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: `${target.pathname.replace(/\/$/, '')}${path}`,
          headers,
          agent: this.agent,
        },
        (inbound) => {
          const status = inbound.statusCode ?? 502;
          res.status(status);
          for (const [name, value] of Object.entries(copyHeaders(inbound.headers, DROPPED_RESPONSE_HEADERS))) {
            if (value !== undefined) res.setHeader(name, value);
          }
          if (status < 400) for (const [name, value] of Object.entries(successHeaders)) res.setHeader(name, value);
          inbound.pipe(res);
          inbound.once('end', resolve);
          inbound.once('error', () => {
            res.destroy();
            resolve();
          });
        },
      );
      outbound.setTimeout(this.options.timeoutMs, () => {
        outbound.destroy(Object.assign(new Error(`${upstream} did not answer in time`), { code: 'ETIMEDOUT' }));
      });
      outbound.once('error', (error) => {
        req.log.warn({ err: error, upstream }, 'upstream request failed');
        if (!res.headersSent) {
          sendError(res, 'SERVICE_UNAVAILABLE', `The ${upstream} service is unavailable; retry with backoff`, {
            request_id: req.requestId,
          });
        } else {
          res.destroy();
        }
        resolve();
      });
      req.pipe(outbound);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function copyHeaders(source: IncomingHttpHeaders, dropped: Set<string>): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && !dropped.has(name.toLowerCase())) copy[name] = value;
  }
  return copy;
}
