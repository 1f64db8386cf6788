import { randomBytes } from 'node:crypto';
import { keyIdOf, SecretKeyring } from './secret-keyring';

const PLAINTEXT = 'whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0aW5nLW9ubHk=';

describe('SecretKeyring', () => {
  const key = randomBytes(32);
  const keyring = new SecretKeyring(key);

  it('seals with the current key: the sealed bytes do not contain the plaintext, and open gives it back', () => {
    const sealed = keyring.seal(PLAINTEXT, 'webhooks.secret:1');
    expect(sealed.keyId).toBe(keyIdOf(key));
    expect(Buffer.from(sealed.sealed).includes(Buffer.from(PLAINTEXT))).toBe(false);
    expect(Buffer.from(sealed.sealed).includes(Buffer.from(PLAINTEXT.slice(6)))).toBe(false);
    expect(sealed.sealed.length).toBe(12 + Buffer.byteLength(PLAINTEXT) + 16);
    expect(keyring.open(sealed, 'webhooks.secret:1')).toBe(PLAINTEXT);
  });

  it('uses a fresh nonce each time: the same plaintext seals differently', () => {
    const first = Buffer.from(keyring.seal(PLAINTEXT, 'c').sealed);
    const second = Buffer.from(keyring.seal(PLAINTEXT, 'c').sealed);
    expect(first.equals(second)).toBe(false);
    expect(first.subarray(0, 12).equals(second.subarray(0, 12))).toBe(false);
  });

  it('refuses to open a value under another context (a sealed value copied into another row)', () => {
    const sealed = keyring.seal(PLAINTEXT, 'webhooks.secret:1');
    expect(() => keyring.open(sealed, 'webhooks.secret:2')).toThrow();
  });

  it('refuses to open a value whose ciphertext or tag was altered', () => {
    const sealed = keyring.seal(PLAINTEXT, 'c');
    for (const index of [12, sealed.sealed.length - 1]) {
      const altered = new Uint8Array(sealed.sealed);
      altered[index] = altered[index]! ^ 0x01;
      expect(() => keyring.open({ keyId: sealed.keyId, sealed: altered }, 'c')).toThrow();
    }
    expect(() => keyring.open({ keyId: sealed.keyId, sealed: new Uint8Array(20) }, 'c')).toThrow(/too short/);
  });

  it('opens values sealed before a rotation with the previous key, and seals new ones with the new key', () => {
    const rotated = new SecretKeyring(randomBytes(32), [key]);
    const old = keyring.seal(PLAINTEXT, 'c');
    expect(rotated.open(old, 'c')).toBe(PLAINTEXT);
    const fresh = rotated.seal(PLAINTEXT, 'c');
    expect(fresh.keyId).not.toBe(old.keyId);
    expect(() => keyring.open(fresh, 'c')).toThrow(/No key with id/);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new SecretKeyring(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => new SecretKeyring(randomBytes(32), [randomBytes(31)])).toThrow(/32 bytes/);
  });
});
