import type { SearchPrisma } from './prisma';
import type { JobPosting } from './generated/prisma/client';

export type StoredJobPostingRow = JobPosting;

export class JobPostingRepository {
  constructor(private readonly prisma: SearchPrisma) {}

  /** One page of a company's open postings, newest first (undated last, then in listing order). */
  async page(companyId: string, page: number, pageSize: number): Promise<{ items: StoredJobPostingRow[]; total: number }> {
    const [items, total] = await Promise.all([
      this.prisma.jobPosting.findMany({
        where: { companyId },
        orderBy: [{ firstSeenAt: { sort: 'desc', nulls: 'last' } }, { position: 'asc' }],
        skip: (page - 1) * pageSize,
        take: pageSize,
      }),
      this.prisma.jobPosting.count({ where: { companyId } }),
    ]);
    return { items, total };
  }
}
