import { z } from 'zod';
import { companyDetailSchema } from '@radar/contracts';
import type { IndexedCompany } from '@radar/company-index';
import type { Queryable } from '@radar/platform/database';

/** The company store: statements only. Companies are the same for every workspace, so no statement names one. */

/**
 * A stored company as GET /companies/{id} shows it, but for the band's label (a rule of the use
 * case); the id as stored, whatever its UUID version.
 */
const companyDetailRow = companyDetailSchema.omit({ employee_range: true }).extend({ company_id: z.string() });

export type CompanyDetailRecord = z.output<typeof companyDetailRow>;

/** A company as an index holds it, with its other domains and connections. */
const indexedCompanyRow = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  otherDomains: z.array(z.string()),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  employeeCount: z.number().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  technologies: z.array(z.string()),
  technologyCategories: z.array(z.string()),
  naicsCode: z.string().nullable(),
  foundedYear: z.number().nullable(),
  fundingStage: z.string().nullable(),
  fundingTotalUsd: z.number().nullable(),
  lastFundingDate: z.string().nullable(),
  profileUrl: z.string().nullable(),
  dataQualityScore: z.number(),
  connections: z.array(z.object({ category: z.string(), connectedCompanyId: z.string(), connectedDomain: z.string() })),
}) satisfies z.ZodType<IndexedCompany>;

const idRow = z.object({ id: z.string() });
const countRow = z.object({ count: z.number() });

/**
 * The detail fields of the companies of `ids`, in no particular order. A named statement:
 * export files read 10,000 rows this way, 500 at a time.
 */
export async function companyDetailsById(db: Queryable, ids: readonly string[]): Promise<CompanyDetailRecord[]> {
  const { rows } = await db.query({
    name: 'company-detail-fields-by-id',
    // Days as YYYY-MM-DD text, so no time zone can move them; the BIGINT total as a float8, a JSON number.
    text: `SELECT id AS company_id, name, domain, industry, city, description, employee_count, country_code AS country, technologies,
                  founded_year, profile_url, funding_stage, funding_total_usd::float8 AS funding_total_usd,
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
    `SELECT c.id, c.name, c.domain, c.description, c.industry, c.employee_count AS "employeeCount", c.country, c.country_code AS "countryCode",
            c.state, c.city, c.technologies, c.technology_categories AS "technologyCategories", c.naics_code AS "naicsCode",
            c.founded_year AS "foundedYear", c.funding_stage AS "fundingStage", c.funding_total_usd::float8 AS "fundingTotalUsd",
            to_char(c.last_funding_date, 'YYYY-MM-DD') AS "lastFundingDate", c.profile_url AS "profileUrl",
            c.data_quality_score AS "dataQualityScore",
            ARRAY(SELECT d.domain FROM company_domains d WHERE d.company_id = c.id ORDER BY d.domain) AS "otherDomains",
            coalesce((SELECT json_agg(json_build_object('category', cc.category, 'connectedCompanyId', cc.connected_company_id,
                                                        'connectedDomain', cc.connected_domain))
                      FROM company_connections cc WHERE cc.company_id = c.id), '[]'::json) AS connections
     FROM companies c
     WHERE $1::uuid IS NULL OR c.id > $1::uuid
     ORDER BY c.id
     LIMIT $2`,
    [afterId, limit],
  );
  return rows.map((row) => indexedCompanyRow.parse(row));
}
