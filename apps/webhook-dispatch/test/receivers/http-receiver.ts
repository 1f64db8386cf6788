import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer only after this long (a slow receiver). */
  delayMs?: number;
}

/** Decides the answer to the n-th request (0-based) of the receiver. */
export type Responder = (request: ReceivedRequest, index: number) => Reply;

/** A real HTTP server on loopback that records every request and answers as the test says. */
export async function startHttpReceiver(responder: Responder = () => ({ status: 200, body: 'ok' }), host = '127.0.0.1') {
  const requests: ReceivedRequest[] = [];
  let respond = responder;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const index = requests.push(request) - 1;
      const reply = respond(request, index);
      const send = () => {
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}/hooks/radar`,
    port,
    requests,
    respondWith(next: Responder) {
      respond = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type HttpReceiver = Awaited<ReturnType<typeof startHttpReceiver>>;
