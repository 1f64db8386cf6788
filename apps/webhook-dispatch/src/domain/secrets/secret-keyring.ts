import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ENCRYPTION_KEY_BYTES } from './encryption-key';

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A value sealed at rest: the id of the key that sealed it, and nonce || ciphertext || tag. */
export interface SealedValue {
  keyId: string;
  sealed: Uint8Array<ArrayBuffer>;
}

/** A key's id: the start of its SHA-256, so rows name their key without revealing anything about it. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 16);

/**
 * Seals and opens secrets stored at rest with AES-256-GCM. New values are sealed with the
 * current key; values sealed with a previous key (before a rotation) still open. `context` is
 * authenticated with the value (the row it belongs to), so a sealed value copied into another
 * row does not open there.
 */
export class SecretKeyring {
  private readonly keys: Map<string, Buffer>;
  readonly currentKeyId: string;

  constructor(
    private readonly currentKey: Buffer,
    previousKeys: readonly Buffer[] = [],
  ) {
    for (const key of [currentKey, ...previousKeys]) {
      if (key.length !== ENCRYPTION_KEY_BYTES) throw new Error(`An AES-256 key is ${ENCRYPTION_KEY_BYTES} bytes, got ${key.length}`);
    }
    this.currentKeyId = keyIdOf(currentKey);
    this.keys = new Map([...previousKeys, currentKey].map((key) => [keyIdOf(key), key]));
  }

  seal(plaintext: string, context: string): SealedValue {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.currentKey, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.currentKeyId, sealed: Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]) };
  }

  /** The plaintext; throws when the key is unknown or the value, its context or its tag was altered. */
  open(value: SealedValue, context: string): string {
    const key = this.keys.get(value.keyId);
    if (!key) throw new Error(`No key with id ${value.keyId} is configured (WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_PREVIOUS_KEYS)`);
    const sealed = Buffer.from(value.sealed);
    if (sealed.length <= NONCE_BYTES + TAG_BYTES) throw new Error('A sealed value is too short to hold a nonce and a tag');
    const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
