import { z } from 'zod';

/** A bigint column (a count, a sum of counts): pg hands it over as text; the counts kept here stay far below 2^53. */
export const bigintCount = z.string().transform(Number);

/** A statement's one count. */
export const countRow = z.object({ count: bigintCount });

/** A company's domain. */
export const domainRow = z.object({ domain: z.string() });
