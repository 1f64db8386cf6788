import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';

export type LedgerPrisma = PrismaClient;

/** The Prisma client on the service's one pool. */
export const createLedgerPrisma = (pool: Pool): LedgerPrisma => new PrismaClient({ adapter: new PrismaPg(pool) });
