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

export function createLedgerDatabase(databaseUrl: string, onIdleConnectionError?: (error: Error) => void): LedgerDatabase {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  // Without a listener, an idle connection broken by a database restart would crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => onIdleConnectionError?.(error));
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
