import { z } from 'zod';
import type { IndexedCompany } from '@radar/company-index';
import type { Queryable } from '@radar/platform/database';

/** The company store: statements only. Companies are the same for every workspace, so no statement names one. */

/** A BIGINT column cast to text in the statement, as a number. */
const numericText = z
  .string()
  .nullable()
  .transform((value) => (value === null ? null : Number(value)));

const companyDetailRow = z
  .object({
    id: z.string(),
    name: z.string(),
    domain: z.string(),
    industry: z.string().nullable(),
    city: z.string().nullable(),
    description: z.string().nullable(),
    employee_count: z.number().nullable(),
    country_code: z.string().nullable(),
    technologies: z.array(z.string()),
    founded_year: z.number().nullable(),
    profile_url: z.string().nullable(),
    funding_stage: z.string().nullable(),
    funding_total_usd: numericText,
    /** The day as `YYYY-MM-DD`, read as text so no time zone can move it. */
    last_funding_date: z.string().nullable(),
  })
  .transform((row) => ({
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
    fundingTotalUsd: row.funding_total_usd,
    lastFundingDate: row.last_funding_date,
  }));

/** The stored fields a company detail shows (GET /companies/{id}, export rows). */
export type CompanyDetailRecord = z.output<typeof companyDetailRow>;

const connectionRow = z
  .object({ category: z.string(), connected_company_id: z.string(), connected_domain: z.string() })
  .transform((row) => ({ category: row.category, connectedCompanyId: row.connected_company_id, connectedDomain: row.connected_domain }));

const indexedCompanyRow = z
  .object({
    id: z.string(),
    name: z.string(),
    domain: z.string(),
    description: z.string().nullable(),
    industry: z.string().nullable(),
    employee_count: z.number().nullable(),
    country: z.string().nullable(),
    country_code: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    technologies: z.array(z.string()),
    technology_categories: z.array(z.string()),
    naics_code: z.string().nullable(),
    founded_year: z.number().nullable(),
    funding_stage: z.string().nullable(),
    funding_total_usd: numericText,
    last_funding_date: z.string().nullable(),
    profile_url: z.string().nullable(),
    data_quality_score: z.number(),
    other_domains: z.array(z.string()),
    connections: z.array(connectionRow),
  })
  .transform(
    (row): IndexedCompany => ({
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
      fundingTotalUsd: row.funding_total_usd,
      lastFundingDate: row.last_funding_date,
      profileUrl: row.profile_url,
      dataQualityScore: row.data_quality_score,
      connections: row.connections,
    }),
  );

const idRow = z.object({ id: z.string() });
const countRow = z.object({ count: z.number() });

/**
 * The detail fields of the companies of `ids`, in no particular order. A named statement:
 * export files read 10,000 rows this way, 500 at a time.
 */
export async function companyDetailsById(db: Queryable, ids: readonly string[]): Promise<CompanyDetailRecord[]> {
  const { rows } = await db.query({
    name: 'company-detail-fields-by-id',
    text: `SELECT id, name, domain, industry, city, description, employee_count, country_code, technologies, founded_year,
                  profile_url, funding_stage, funding_total_usd::text AS funding_total_usd,
                  to_char(last_funding_date, 'YYYY-MM-DD') AS last_funding_date
           FROM companies WHERE id = ANY($1::uuid[])`,
    values: [[...ids]],
  });
  return rows.map((row) => companyDetailRow.parse(row));
}

/** The ids among `ids` (distinct, in the order given) that are not stored companies. */
export async function unknownCompanyIds(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return [];
  const { rows } = await db.query('SELECT id FROM companies WHERE id = ANY($1::uuid[])', [distinct]);
  const known = new Set(rows.map((row) => idRow.parse(row).id));
  return distinct.filter((id) => !known.has(id));
}

export async function storedCompanyCount(db: Queryable): Promise<number> {
  const { rows } = await db.query('SELECT count(*)::int AS count FROM companies');
  return rows[0] ? countRow.parse(rows[0]).count : 0;
}

/**
 * Up to `limit` stored companies after `afterId` (from the first when null) in id order, with
 * their other domains and connections: what a separate index is fed from, one keyset page at a time.
 */
export async function indexedCompaniesAfter(db: Queryable, afterId: string | null, limit: number): Promise<IndexedCompany[]> {
  const { rows } = await db.query(
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
    [afterId, limit],
  );
  return rows.map((row) => indexedCompanyRow.parse(row));
}
