import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

/**
 * A read the service runs on every request, as a named statement: pg prepares it once per
 * connection, and PostgreSQL parses and plans it once there instead of on every call (planning
 * the leads page's joins costs more than running them). The name is derived from the text, so
 * each shape of a query built from filters gets its own.
 */
export const namedStatement = (text: string, values: unknown[]): QueryConfig => ({
  name: `signal_ingest_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`,
  text,
  values,
});
