import { lookup } from 'node:dns/promises';
import { HostLookupError, type HostResolver } from '../domain/endpoints/endpoint-policy';

/** The resolver's answers that mean the name has no address, as opposed to a resolver that did not answer. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Resolves through the system resolver (getaddrinfo, as the HTTP client will when it connects),
 * all addresses of both families, bounded in time because getaddrinfo has no timeout of its own.
 */
export function systemHostResolver(timeoutMs = 5_000): HostResolver {
  return async (host) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new HostLookupError(`Looking up ${host} took longer than ${timeoutMs} ms`, true)), timeoutMs);
    });
    try {
      const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
      if (answers.length === 0) throw new HostLookupError(`${host} has no address`, false);
      return answers.map((answer) => answer.address);
    } catch (error) {
      if (error instanceof HostLookupError) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? '';
      throw new HostLookupError(`Looking up ${host} failed (${code || 'unknown error'})`, !NO_SUCH_NAME.has(code));
    } finally {
      clearTimeout(timer);
    }
  };
}
