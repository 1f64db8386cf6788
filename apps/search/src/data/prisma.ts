import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';

export type SearchPrisma = PrismaClient;

/** The Prisma client on the service's one pool (see database.ts). */
export function createSearchPrisma(pool: Pool): SearchPrisma {
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}
