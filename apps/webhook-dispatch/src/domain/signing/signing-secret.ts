import { randomBytes } from 'node:crypto';

/** Random bytes behind a webhook secret: Standard Webhooks asks for 24 to 64. */
export const SIGNING_SECRET_BYTES = 32;
export const SIGNING_SECRET_PREFIX = 'whsec_';

/** A fresh webhook signing secret, `whsec_` + base64 (the receiver's HMAC key is the base64 part, decoded). */
export const generateSigningSecret = (): string => `${SIGNING_SECRET_PREFIX}${randomBytes(SIGNING_SECRET_BYTES).toString('base64')}`;
