import { createHmac } from 'node:crypto';
import { SIGNING_SECRET_PREFIX } from './signing-secret';

/** Sent with every webhook request, so receivers can tell Radar's requests apart in their logs. */
export const WEBHOOK_USER_AGENT = 'Radar-Webhooks/1.0';

/**
 * The Standard Webhooks signature (decisions.md, "Delivery"): `v1,` and the base64 HMAC-SHA256
 * of `<id>.<timestamp>.<body>`, keyed with the base64-decoded part of the `whsec_` secret.
 */
export function webhookSignature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(SIGNING_SECRET_PREFIX)) throw new Error('A webhook signing secret starts with whsec_');
  const key = Buffer.from(secret.slice(SIGNING_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/**
 * The headers of one request: the same `webhook-id` on every attempt of a delivery, the time of
 * this attempt (receivers reject stale timestamps to stop replays), and the signature over both
 * and the body.
 */
export function signedWebhookHeaders(secret: string, messageId: string, body: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1_000);
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, messageId, timestamp, body),
  };
}
