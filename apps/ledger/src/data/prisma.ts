import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';

export type LedgerPrisma = PrismaClient;

export interface LedgerDatabase {
  prisma: LedgerPrisma;
  /** The same connection pool Prisma uses, for the one hot read that plain SQL serves much faster. */
  pool: Pool;
  close(): Promise<void>;
}

export function createLedgerDatabase(databaseUrl: string): LedgerDatabase {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
