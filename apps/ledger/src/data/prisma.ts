import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export type LedgerPrisma = PrismaClient;

export function createLedgerPrisma(databaseUrl: string): LedgerPrisma {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
}
