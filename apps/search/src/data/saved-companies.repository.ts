import { randomUUID } from 'node:crypto';
import type { Prisma } from './generated/prisma/client';
import type { SearchPrisma } from './prisma';

/**
 * Serialises the unlock and the lock of one export (transaction-scoped advisory lock), so a
 * lock that races its unlock cannot be undone by it.
 */
async function lockExport(tx: Prisma.TransactionClient, exportId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${exportId}, 0))`;
}

/**
 * Saved lists and the companies each workspace's exports unlocked: together, the companies a
 * workspace has "saved" (counts' `saved`).
 */
export class SavedCompaniesRepository {
  constructor(private readonly prisma: SearchPrisma) {}

  async createList(workspaceId: string, name: string, companyIds: readonly string[]): Promise<string> {
    const id = randomUUID();
    await this.prisma.$transaction([
      this.prisma.savedList.create({ data: { id, workspaceId, name } }),
      this.prisma.savedListCompany.createMany({
        data: [...new Set(companyIds)].map((companyId) => ({ listId: id, companyId })),
        skipDuplicates: true,
      }),
    ]);
    return id;
  }

  async listExists(listId: string): Promise<boolean> {
    return (await this.prisma.savedList.count({ where: { id: listId } })) > 0;
  }

  /** Adds companies (already listed ones are kept once); the list's size after, or null when there is no such list. */
  async addToList(listId: string, companyIds: readonly string[]): Promise<number | null> {
    return this.prisma.$transaction(async (tx) => {
      const list = await tx.savedList.findUnique({ where: { id: listId }, select: { id: true } });
      if (!list) return null;
      await tx.savedListCompany.createMany({
        data: [...new Set(companyIds)].map((companyId) => ({ listId, companyId })),
        skipDuplicates: true,
      });
      return tx.savedListCompany.count({ where: { listId } });
    });
  }

  /** The companies of a saved list of the workspace; null when the workspace has no such list. */
  async listCompanyIds(workspaceId: string, listId: string): Promise<string[] | null> {
    const list = await this.prisma.savedList.findFirst({ where: { id: listId, workspaceId }, select: { id: true } });
    if (!list) return null;
    const rows = await this.prisma.savedListCompany.findMany({ where: { listId }, select: { companyId: true } });
    return rows.map((row) => row.companyId);
  }

  /** Companies in any list of the workspace or unlocked by its exports. */
  async savedCompanyIds(workspaceId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ company_id: string }[]>`
      SELECT slc.company_id::text AS company_id
      FROM saved_list_companies slc JOIN saved_lists sl ON sl.id = slc.list_id
      WHERE sl.workspace_id = ${workspaceId}::uuid
      UNION
      SELECT wu.company_id::text FROM workspace_unlocks wu WHERE wu.workspace_id = ${workspaceId}::uuid`;
    return rows.map((row) => row.company_id);
  }

  /**
   * An export unlocked companies. Idempotent (a redelivered event adds nothing), and ignored
   * when the export was already locked again: a refund that overtook its unlock wins.
   */
  async recordUnlocked(workspaceId: string, exportId: string, companyIds: readonly string[]): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await lockExport(tx, exportId);
      const locked = await tx.lockedExport.findUnique({ where: { exportId } });
      if (locked) return;
      await tx.workspaceUnlock.createMany({
        data: [...new Set(companyIds)].map((companyId) => ({ workspaceId, companyId, exportId })),
        skipDuplicates: true,
      });
    });
  }

  /** A failed export's refund locked its companies again; those unlocked by other exports stay unlocked. */
  async recordLocked(workspaceId: string, exportId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await lockExport(tx, exportId);
      await tx.lockedExport.upsert({ where: { exportId }, create: { exportId, workspaceId }, update: {} });
      await tx.workspaceUnlock.deleteMany({ where: { workspaceId, exportId } });
    });
  }
}
