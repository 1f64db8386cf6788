import { generateSigningSecret } from './signing-secret';

describe('generateSigningSecret', () => {
  it('is whsec_ followed by the standard base64 of 32 random bytes (Standard Webhooks: 24 to 64)', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(key.length).toBe(32);
    expect(key.toString('base64')).toBe(secret.slice('whsec_'.length));
  });

  it('differs every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateSigningSecret));
    expect(secrets.size).toBe(50);
  });
});
