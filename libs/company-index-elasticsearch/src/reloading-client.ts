import { statSync } from 'node:fs';
import type { Client } from '@elastic/elasticsearch';

/** How often the CA file is looked at: a rotated CA is picked up within this long. */
export const CA_CHECK_INTERVAL_MS = 60_000;
/** Requests in flight on the replaced client get this long to finish before it is closed. */
const CLOSE_REPLACED_AFTER_MS = 120_000;

export interface ReloadingClient {
  /** Stands for the client built last: every property is read from it. */
  client: Client;
  /** Rebuilds the client when the CA file changed since the last look (size or modification time); true when it did. */
  checkCa(): boolean;
  stop(): void;
}

const fingerprintOf = (file: string): string => {
  try {
    const stat = statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    // A file being replaced may be missing for a moment; the next look sees the new one.
    return 'unreadable';
  }
};

/**
 * A client rebuilt, with the CA read again, when the CA file changes (the operator's generated
 * CA rotates yearly): the file is stat-ed periodically, since a watched file replaced by a
 * Kubernetes secret update (a symlink swap) is not reliably reported by fs.watch.
 */
export function reloadingOnCaChange(build: () => Client, caFile: string, onReload: (error?: unknown) => void): ReloadingClient {
  let current = build();
  let fingerprint = fingerprintOf(caFile);
  const checkCa = (): boolean => {
    const seen = fingerprintOf(caFile);
    if (seen === fingerprint || seen === 'unreadable') return false;
    fingerprint = seen;
    try {
      const replaced = current;
      current = build();
      setTimeout(() => void replaced.close().catch(() => undefined), CLOSE_REPLACED_AFTER_MS).unref();
      onReload();
      return true;
    } catch (error) {
      onReload(error);
      return false;
    }
  };
  const timer = setInterval(checkCa, CA_CHECK_INTERVAL_MS);
  timer.unref();
  const client = new Proxy({} as Client, { get: (_target, property) => Reflect.get(current, property, current) as unknown });
  return { client, checkCa, stop: () => clearInterval(timer) };
}
