import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_PREFIX = 'rdr_';
/** `rdr_` then at least 32 URL-safe characters; 32 random bytes give 43. */
const TOKEN_SHAPE = /^rdr_[A-Za-z0-9_-]{32,200}$/;

export const generateApiToken = (): string => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Tokens carry 256 random bits, so a fast unsalted hash is enough to make a leaked table useless. */
export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const looksLikeApiToken = (candidate: string): boolean => TOKEN_SHAPE.test(candidate);

/** Constant-time comparison of two hex hashes. */
export function hashesMatch(expectedHex: string, actualHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(actualHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
