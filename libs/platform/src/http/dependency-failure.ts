/** Error codes that mean "a dependency is unreachable or refusing work", not "our bug". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // NATS client
  'CONNECTION_CLOSED',
  'CONNECTION_REFUSED',
  'CONNECTION_DRAINING',
  'DISCONNECT',
  'TIMEOUT',
  '503',
]);

const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

const UNAVAILABLE_MESSAGES = [/connection terminated/i, /Connection is closed/i, /Can't reach database/i, /Stream isn't writeable/i];

/**
 * True when an error (or anything in its cause chain) says a database, broker or peer
 * service is down. Such failures answer 503 SERVICE_UNAVAILABLE rather than 500.
 */
export function isDependencyFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (typeof candidate.kind === 'string' && UNAVAILABLE_KINDS.has(candidate.kind)) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(candidate.message as string))) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDependencyFailure(inner))) return true;
    current = candidate.cause;
  }
  return false;
}
