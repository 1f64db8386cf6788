import { z } from 'zod';
import { env } from '@radar/platform/config';

/** The ledger's own variables; ports, database and NATS come from the platform and the service catalogue. */
export const ledgerConfig = z.object({
  INTERNAL_SIGNING_SECRET: env.secret(),
});
