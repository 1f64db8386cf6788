import { createHash } from 'node:crypto';

/** JSON with object keys in sorted order at every depth: equal values, equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of a parsed request body: what "the same body" means for an Idempotency-Key. Parsed,
 * so key order, whitespace and spelled-out defaults do not make two equal requests differ.
 */
export const requestFingerprint = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('hex');
