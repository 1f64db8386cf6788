import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export type GatewayPrisma = PrismaClient;

export function createGatewayPrisma(databaseUrl: string): GatewayPrisma {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
}
