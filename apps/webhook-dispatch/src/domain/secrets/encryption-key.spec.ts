import { randomBytes } from 'node:crypto';
import { encryptionKey } from './encryption-key';

describe('encryptionKey (WEBHOOK_SECRET_KEY)', () => {
  const key = randomBytes(32);

  it('reads 32 bytes written in standard or URL-safe base64, padded or not', () => {
    for (const written of [key.toString('base64'), key.toString('base64url'), key.toString('base64').replace(/=$/, '')]) {
      expect(Buffer.compare(encryptionKey().parse(written), key)).toBe(0);
    }
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['48 bytes', randomBytes(48).toString('base64')],
    ['hex', randomBytes(32).toString('hex')],
    ['a passphrase', 'correct horse battery staple correct horse'],
    ['empty', ''],
  ])('refuses %s without echoing the value', (_label, written) => {
    const result = encryptionKey().safeParse(written);
    expect(result.success).toBe(false);
    if (written) expect(JSON.stringify(result.error?.issues)).not.toContain(written);
  });
});
