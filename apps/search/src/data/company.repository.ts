import type { Pool } from 'pg';
import type { IndexedCompany } from '@radar/company-index';
import type { CompanyDetailFields } from '../use-cases/get-company';
import type { SearchPrisma } from './prisma';
import type { Company } from './generated/prisma/client';

export type StoredCompany = Company;

interface DetailRow {
  id: string;
  name: string;
  domain: string;
  industry: string | null;
  city: string | null;
  description: string | null;
  employee_count: number | null;
  country_code: string | null;
  technologies: string[];
  founded_year: number | null;
  profile_url: string | null;
  funding_stage: string | null;
  funding_total_usd: string | null;
  /** UTC midnight of the day (pg reads a DATE as local midnight otherwise). */
  last_funding_date: Date | null;
}

interface IndexRow {
  id: string;
  name: string;
  domain: string;
  description: string | null;
  industry: string | null;
  employee_count: number | null;
  country: string | null;
  country_code: string | null;
  state: string | null;
  city: string | null;
  technologies: string[];
  technology_categories: string[];
  naics_code: string | null;
  founded_year: number | null;
  funding_stage: string | null;
  funding_total_usd: string | null;
  last_funding_date: string | null;
  profile_url: string | null;
  data_quality_score: number;
  other_domains: string[];
  connections: { category: string; connected_company_id: string; connected_domain: string }[];
}

function toIndexedCompany(row: IndexRow): IndexedCompany {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    otherDomains: row.other_domains,
    description: row.description,
    industry: row.industry,
    employeeCount: row.employee_count,
    country: row.country,
    countryCode: row.country_code,
    state: row.state,
    city: row.city,
    technologies: row.technologies,
    technologyCategories: row.technology_categories,
    naicsCode: row.naics_code,
    foundedYear: row.founded_year,
    fundingStage: row.funding_stage,
    fundingTotalUsd: row.funding_total_usd === null ? null : Number(row.funding_total_usd),
    lastFundingDate: row.last_funding_date,
    profileUrl: row.profile_url,
    dataQualityScore: row.data_quality_score,
    connections: row.connections.map((connection) => ({
      category: connection.category,
      connectedCompanyId: connection.connected_company_id,
      connectedDomain: connection.connected_domain,
    })),
  };
}

/** The company store: detail lookups, id checks, and reading everything back to feed a separate index. */
export class CompanyRepository {
  constructor(
    private readonly prisma: SearchPrisma,
    private readonly pool: Pool,
  ) {}

  findById(id: string): Promise<StoredCompany | null> {
    return this.prisma.company.findUnique({ where: { id } });
  }

  /**
   * The detail fields of the companies of `ids`, in no particular order. Plain SQL on the pool:
   * export files read 10,000 at a time, where Prisma's query layer costs several times the query.
   */
  async detailFieldsById(ids: readonly string[]): Promise<CompanyDetailFields[]> {
    const { rows } = await this.pool.query<DetailRow>({
      name: 'company-detail-fields-by-id',
      text: `SELECT id, name, domain, industry, city, description, employee_count, country_code, technologies, founded_year,
                    profile_url, funding_stage, funding_total_usd::text AS funding_total_usd,
                    last_funding_date::timestamp AT TIME ZONE 'UTC' AS last_funding_date
             FROM companies WHERE id = ANY($1::uuid[])`,
      values: [[...ids]],
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      domain: row.domain,
      industry: row.industry,
      city: row.city,
      description: row.description,
      employeeCount: row.employee_count,
      countryCode: row.country_code,
      technologies: row.technologies,
      foundedYear: row.founded_year,
      profileUrl: row.profile_url,
      fundingStage: row.funding_stage,
      fundingTotalUsd: row.funding_total_usd === null ? null : BigInt(row.funding_total_usd),
      lastFundingDate: row.last_funding_date,
    }));
  }

  /** The ids of `ids` that are not stored companies. */
  async unknownIds(ids: readonly string[]): Promise<string[]> {
    const distinct = [...new Set(ids)];
    if (distinct.length === 0) return [];
    const known = await this.prisma.company.findMany({ where: { id: { in: distinct } }, select: { id: true } });
    const knownIds = new Set(known.map((company) => company.id));
    return distinct.filter((id) => !knownIds.has(id));
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>('SELECT count(*) AS count FROM companies');
    return Number(rows[0]?.count ?? 0);
  }

  /** Every stored company with its other domains and connections (those after `from` when given), in id order, `batchSize` at a time (keyset, flat memory). */
  async *indexBatches(batchSize: number, from?: string): AsyncGenerator<IndexedCompany[]> {
    let afterId: string | null = from ?? null;
    for (;;) {
      const { rows }: { rows: IndexRow[] } = await this.pool.query<IndexRow>(
        `SELECT c.id, c.name, c.domain, c.description, c.industry, c.employee_count, c.country, c.country_code, c.state,
                c.city, c.technologies, c.technology_categories, c.naics_code, c.founded_year, c.funding_stage,
                c.funding_total_usd::text AS funding_total_usd, to_char(c.last_funding_date, 'YYYY-MM-DD') AS last_funding_date,
                c.profile_url, c.data_quality_score,
                ARRAY(SELECT d.domain FROM company_domains d WHERE d.company_id = c.id ORDER BY d.domain) AS other_domains,
                coalesce((SELECT json_agg(json_build_object('category', cc.category, 'connected_company_id', cc.connected_company_id,
                                                            'connected_domain', cc.connected_domain))
                          FROM company_connections cc WHERE cc.company_id = c.id), '[]'::json) AS connections
         FROM companies c
         WHERE $1::uuid IS NULL OR c.id > $1::uuid
         ORDER BY c.id
         LIMIT $2`,
        [afterId, batchSize],
      );
      if (rows.length === 0) return;
      yield rows.map(toIndexedCompany);
      afterId = rows[rows.length - 1]?.id ?? null;
      if (rows.length < batchSize) return;
    }
  }
}
