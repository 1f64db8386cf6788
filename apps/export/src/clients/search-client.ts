import { RPCS, type CompanyDetail, type ExportCandidates, type ExportSource } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';

/** Search answers over NATS: the companies of an export's source, and their rows. */
export class SearchClient {
  constructor(
    private readonly bus: Bus,
    private readonly timeoutMs = 30_000,
  ) {}

  candidates(workspaceId: string, source: ExportSource, max: number): Promise<ExportCandidates> {
    return this.bus.request(RPCS.search.exportCandidates, { workspaceId, source, max }, { timeoutMs: this.timeoutMs });
  }

  async companyRows(companyIds: readonly string[]): Promise<CompanyDetail[]> {
    const reply = await this.bus.request(RPCS.search.companyRows, { companyIds: [...companyIds] }, { timeoutMs: this.timeoutMs });
    return reply.companies;
  }
}
