import type { z } from 'zod';

/** What a message body turned out to be: the schema's value, or why it is not one. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

export const encodeJson = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

/**
 * Reads a message body as JSON and checks it against a schema, never throwing: whatever
 * arrives on a subject (another version's payload, a hand-typed `nats pub`, garbage) must
 * not take the process down.
 */
export function decodeJson<T>(schema: z.ZodType<T>, data: Uint8Array): Decoded<T> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(data).toString('utf8'));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: parsed.error.message };
  return { ok: true, value: parsed.data };
}
