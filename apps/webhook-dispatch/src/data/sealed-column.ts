import { z } from 'zod';

/** A sealed value's bytes as a `bytea` column holds them: pg hands a Buffer, the keyring takes plain bytes. */
export const sealedBytes = z.instanceof(Uint8Array).transform((bytes): Uint8Array<ArrayBuffer> => new Uint8Array(bytes));
