import { z } from 'zod';

export const ENCRYPTION_KEY_BYTES = 32;

/** 32 bytes in base64 (standard or URL-safe alphabet, padding optional): 43 characters and an optional `=`. */
const BASE64_OF_32_BYTES = /^[A-Za-z0-9+/_-]{43}=?$/;

/** An environment variable holding an AES-256 key, read into its 32 bytes. The value is never echoed in errors. */
export const encryptionKey = () =>
  z
    .string()
    .trim()
    .refine((value) => BASE64_OF_32_BYTES.test(value), 'must be 32 random bytes in base64, e.g. `openssl rand -base64 32`')
    .transform((value) => Buffer.from(value, 'base64'))
    .refine((key) => key.length === ENCRYPTION_KEY_BYTES, 'must decode to exactly 32 bytes');
