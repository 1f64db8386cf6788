import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The lowest port handed out: above the infrastructure's fixed ports (PostgreSQL, NATS, RabbitMQ, Redis, npm start's). */
const LOWEST_PORT = 20_000;
const handedOut = new Set<number>();
/** The highest port handed out, read once from the kernel's settings. */
let highest: number | undefined;

/**
 * The first port of the kernel's ephemeral range. Ports are handed out below it: a port the kernel
 * gives `listen(0)` is one it may give the next outgoing connection (to PostgreSQL, NATS, a
 * sibling) before the child process binds it, and the child then fails with EADDRINUSE.
 */
function ephemeralRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > LOWEST_PORT + 1_000) return low;
  } catch {
    // Not Linux: the range IANA recommends and most systems use.
  }
  return 49_152;
}

const listenable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A port on 127.0.0.1 that a child process can listen on: free now, outside the ephemeral range
 * (no outgoing connection takes it meanwhile), at random (parallel test processes rarely pick the
 * same) and never handed out twice by this process.
 */
export async function freePort(): Promise<number> {
  highest ??= ephemeralRangeStart() - 1;
  for (let tries = 0; tries < 200; tries += 1) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (highest - LOWEST_PORT + 1));
    if (handedOut.has(port) || !(await listenable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port found between ${LOWEST_PORT} and ${highest} on 127.0.0.1`);
}
