import type { Pool } from 'pg';
import type { CompanySummary } from '@radar/contracts';
import { NameIndex, type DomainOwner, type NormalizedFilters, type SimilarMatch, type SimilarQuery } from '@radar/company-index';
import { SUMMARY_COLUMNS, toCompanySummary, type SummaryRow } from './company-summary-row';
import { CURRENT_DATA_VERSION, CURRENT_DATA_VERSION_SQL } from './facet-summaries';
import { filterSql } from './filter-sql';
import { mostSimilar, type CandidateFilter } from './similar/most-similar';
import { loadSimilarityColumns, type SimilarityColumns } from './similar/similarity-columns';
import { forEachRowOf, inReadSnapshot } from './snapshot-read';
import { SqlParams } from './sql-params';

/** Names read per round trip while building the name index. */
const NAME_BATCH = 20_000;

/** Reads every company's name and country in one snapshot, with the data version they are at. */
function loadNameIndex(pool: Pool): Promise<NameIndex> {
  return inReadSnapshot(pool, async (client) => {
    const { rows } = await client.query<{ current: string }>(`SELECT ${CURRENT_DATA_VERSION}::text AS current`);
    const index = new NameIndex(rows[0]?.current ?? '');
    await forEachRowOf<[string, string, string | null]>(client, 'SELECT id, name, country FROM companies ORDER BY id', NAME_BATCH, ([id, name, country]) =>
      index.add({ id, name, country }),
    );
    return index;
  });
}

/**
 * What lookups read from the PostgreSQL index: domain owners through the unique domain index
 * and company_domains' key, summaries by id, and the name index, kept in memory and built
 * again when the data version moves (at warm-up and after a load, or on the first lookup
 * after a write).
 */
export class PostgresCompanyLists {
  private names: Promise<NameIndex> | undefined;
  private similarity: Promise<SimilarityColumns> | undefined;

  constructor(private readonly pool: Pool) {}

  async domainOwners(domains: string[]): Promise<DomainOwner[]> {
    const { rows } = await this.pool.query<{ domain: string; company_id: string; own: boolean }>(
      `SELECT c.domain, c.id AS company_id, TRUE AS own FROM companies c WHERE c.domain = ANY($1::text[])
       UNION ALL
       SELECT d.domain, d.company_id, FALSE AS own FROM company_domains d WHERE d.domain = ANY($1::text[])`,
      [domains],
    );
    return rows.map((row) => ({ domain: row.domain, companyId: row.company_id, own: row.own }));
  }

  async summariesOf(ids: string[]): Promise<CompanySummary[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM companies c WHERE c.id = ANY($1::uuid[])`, [ids]);
    return rows.map(toCompanySummary);
  }

  /** The name index at the current data version. */
  async nameIndex(): Promise<NameIndex> {
    const current = await this.currentVersion();
    const kept = this.names && (await this.names.catch(() => undefined));
    if (kept?.version === current) return kept;
    if (this.names === undefined || kept !== undefined) this.names = forgetOnFailure(loadNameIndex(this.pool), () => (this.names = undefined));
    return this.names;
  }

  /** The similarity columns at the current data version (the characteristic terms rebuilt first when they are not). */
  async similarityColumns(): Promise<SimilarityColumns> {
    const current = await this.currentVersion();
    const kept = this.similarity && (await this.similarity.catch(() => undefined));
    if (kept?.version === current) return kept;
    if (this.similarity === undefined || kept !== undefined) {
      this.similarity = forgetOnFailure(loadSimilarityColumns(this.pool), () => (this.similarity = undefined));
    }
    return this.similarity;
  }

  async similar(query: SimilarQuery): Promise<SimilarMatch[]> {
    const columns = await this.similarityColumns();
    const seeds = query.seedIds.map((id) => columns.ordinalOf(id));
    if (seeds.some((ordinal) => ordinal === undefined)) throw new Error('a seed is missing from the similarity columns of the current data version');
    return mostSimilar(columns, seeds as number[], query.limit, this.candidateFilter(query.filters));
  }

  /** The request's filters as statements: ids passing them (up to a count), or which of some ids pass (through the primary key). */
  private candidateFilter(filters: NormalizedFilters | undefined): CandidateFilter | undefined {
    if (filters === undefined || Object.keys(filters).length === 0) return undefined;
    const passing = async (ids?: string[], max?: number): Promise<string[]> => {
      const params = new SqlParams();
      const { conditions } = filterSql(filters, params);
      if (ids !== undefined) conditions.push(`c.id = ANY(${params.add(ids)}::uuid[])`);
      const limit = max === undefined ? '' : ` LIMIT ${params.add(max)}`;
      const { rows } = await this.pool.query<{ id: string }>(`SELECT c.id FROM companies c WHERE ${conditions.join(' AND ') || 'TRUE'}${limit}`, params.values);
      return rows.map((row) => row.id);
    };
    return {
      passingIds: (max) => passing(undefined, max),
      passingAmong: async (ids) => new Set(await passing(ids)),
    };
  }

  private async currentVersion(): Promise<string> {
    const { rows } = await this.pool.query<{ version: string }>(CURRENT_DATA_VERSION_SQL);
    return rows[0]?.version ?? '';
  }
}

/** The load itself, which calls `forget` when it fails (the next caller loads again). */
function forgetOnFailure<T>(loading: Promise<T>, forget: () => void): Promise<T> {
  loading.catch(forget);
  return loading;
}
