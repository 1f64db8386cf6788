import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** When each signal's first request and its accepted request arrived (ms since epoch, by signal id), and how many requests each got. */
export interface Arrivals {
  first: Map<string, number>;
  accepted: Map<string, number>;
  requestsBySignal: Map<string, number>;
  requests: number;
}

/**
 * The benchmark's receiver: answers 200, or 500 with probability `failureRate`, and notes when
 * each signal's requests arrive (the signal id is read from the body's `data.id`).
 */
export async function startBenchReceiver(failureRate: number) {
  const arrivals: Arrivals = { first: new Map(), accepted: new Map(), requestsBySignal: new Map(), requests: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      arrivals.requests += 1;
      const signalId = /"data":\{"id":"([0-9a-f-]{36})"/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
      const fails = Math.random() < failureRate;
      if (signalId) {
        if (!arrivals.first.has(signalId)) arrivals.first.set(signalId, at);
        arrivals.requestsBySignal.set(signalId, (arrivals.requestsBySignal.get(signalId) ?? 0) + 1);
        if (!fails && !arrivals.accepted.has(signalId)) arrivals.accepted.set(signalId, at);
      }
      response.writeHead(fails ? 500 : 200, { 'content-type': 'text/plain' }).end(fails ? 'failing on purpose' : 'ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`,
    arrivals,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type BenchReceiver = Awaited<ReturnType<typeof startBenchReceiver>>;
