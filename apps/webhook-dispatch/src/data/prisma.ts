import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';

export type WebhookDispatchPrisma = PrismaClient;

/** The Prisma client on the service's one pool. */
export const createWebhookDispatchPrisma = (pool: Pool): WebhookDispatchPrisma => new PrismaClient({ adapter: new PrismaPg(pool) });
