import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient, type Prisma } from './generated/prisma/client';

export type GatewayPrisma = PrismaClient;

/** The client inside `$transaction`: the same queries, bound to the transaction's connection. */
export type GatewayTransaction = Prisma.TransactionClient;

/** The Prisma client on the service's one pool. */
export const createGatewayPrisma = (pool: Pool): GatewayPrisma => new PrismaClient({ adapter: new PrismaPg(pool) });
