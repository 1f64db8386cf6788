import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { generateSigningSecret } from './signing-secret';
import { signedWebhookHeaders, webhookSignature } from './webhook-signature';

describe('Standard Webhooks signing', () => {
  const body = JSON.stringify({ type: 'signal.delivered', timestamp: '2026-11-25T09:00:00.000Z', data: { id: 'x', headline: 'Ünïcode ✓' } });

  it('produces headers that the standardwebhooks package verifies', () => {
    const secret = generateSigningSecret();
    const headers = signedWebhookHeaders(secret, 'msg-1', body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('matches the specification example (Standard Webhooks, "Signature scheme")', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const payload = '{"test": 2432232314}';
    expect(webhookSignature(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, payload)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('fails verification under another secret, another body or another id', () => {
    const secret = generateSigningSecret();
    const headers = signedWebhookHeaders(secret, 'msg-2', body, new Date());
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body.replace('x', 'y'), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg-3' })).toThrow(WebhookVerificationError);
  });

  it('stamps the attempt time in Unix seconds', () => {
    const headers = signedWebhookHeaders(generateSigningSecret(), 'msg-4', body, new Date('2026-11-25T09:00:00.900Z'));
    expect(headers['webhook-timestamp']).toBe(String(Date.parse('2026-11-25T09:00:00Z') / 1_000));
  });

  it('refuses a secret without the whsec_ prefix', () => {
    expect(() => webhookSignature('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'id', 1, '{}')).toThrow(/whsec_/);
  });
});
