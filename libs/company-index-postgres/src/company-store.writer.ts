import type { IndexedCompany } from '@radar/company-index';
import type { Queryable } from '@radar/platform/database';

/** A job posting as stored; absent fields are null (categories: empty). */
export interface StoredJobPosting {
  id: string;
  companyId: string;
  position: number;
  title: string;
  seniority: string | null;
  categories: string[];
  location: string | null;
  firstSeenAt: string | null;
  url: string | null;
}

/**
 * What to do with a company whose id is already stored: keep it (a dataset load is
 * idempotent and adds nothing the second time) or replace it and its connections (the
 * PostgreSQL index's upsert).
 */
export type WriteMode = 'keep-existing' | 'replace';

const COMPANY_COLUMNS = `id uuid, name text, domain text, description text, industry text, naics_code varchar(6),
  employee_count int, country text, country_code varchar(2), state text, city text, technologies text[],
  technology_categories text[], founded_year int, profile_url text, funding_stage text, funding_total_usd bigint,
  last_funding_date date, data_quality_score smallint`;

const COMPANY_FIELDS = `id, name, domain, description, industry, naics_code, employee_count, country, country_code, state, city,
  technologies, technology_categories, founded_year, profile_url, funding_stage, funding_total_usd, last_funding_date,
  data_quality_score`;

const REPLACED_FIELDS = COMPANY_FIELDS.split(',')
  .map((field) => field.trim())
  .filter((field) => field !== 'id')
  .map((field) => `${field} = EXCLUDED.${field}`)
  .join(', ');

const distinct = (values: readonly string[]): string[] => [...new Set(values)];

function companyRow(company: IndexedCompany) {
  return {
    id: company.id,
    name: company.name,
    domain: company.domain,
    description: company.description,
    industry: company.industry,
    naics_code: company.naicsCode,
    employee_count: company.employeeCount,
    country: company.country,
    country_code: company.countryCode,
    state: company.state,
    city: company.city,
    technologies: distinct(company.technologies),
    technology_categories: distinct(company.technologyCategories),
    founded_year: company.foundedYear,
    profile_url: company.profileUrl,
    funding_stage: company.fundingStage,
    funding_total_usd: company.fundingTotalUsd,
    last_funding_date: company.lastFundingDate,
    data_quality_score: company.dataQualityScore,
  };
}

/**
 * Writes companies with their connections and other domains in a few statements: each batch travels as one JSON
 * parameter that PostgreSQL unpacks with json_to_recordset (no statement per row, no building
 * of multi-row VALUES text). Returns how many companies were new.
 */
export async function writeCompanies(db: Queryable, companies: readonly IndexedCompany[], mode: WriteMode): Promise<number> {
  if (companies.length === 0) return 0;
  const conflict = mode === 'replace' ? `ON CONFLICT (id) DO UPDATE SET ${REPLACED_FIELDS}` : 'ON CONFLICT DO NOTHING';
  const inserted = await db.query(
    `INSERT INTO companies (${COMPANY_FIELDS})
     SELECT ${COMPANY_FIELDS} FROM json_to_recordset($1::json) AS r(${COMPANY_COLUMNS})
     ${conflict}
     RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify(companies.map(companyRow))],
  );
  const ids = companies.map((company) => company.id);
  if (mode === 'replace') {
    await db.query('DELETE FROM company_connections WHERE company_id = ANY($1::uuid[])', [ids]);
    await db.query('DELETE FROM company_domains WHERE company_id = ANY($1::uuid[])', [ids]);
  }
  const otherDomains = companies.flatMap((company) =>
    distinct(company.otherDomains.map((domain) => domain.toLowerCase())).map((domain) => ({ company_id: company.id, domain })),
  );
  if (otherDomains.length > 0) {
    await db.query(
      `INSERT INTO company_domains (domain, company_id)
       SELECT domain, company_id FROM json_to_recordset($1::json) AS r(domain text, company_id uuid)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(otherDomains)],
    );
  }
  const connections = companies.flatMap((company) =>
    company.connections.map((connection) => ({
      company_id: company.id,
      category: connection.category,
      connected_company_id: connection.connectedCompanyId,
      connected_domain: connection.connectedDomain.toLowerCase(),
    })),
  );
  if (connections.length > 0) {
    await db.query(
      `INSERT INTO company_connections (company_id, category, connected_company_id, connected_domain)
       SELECT company_id, category, connected_company_id, connected_domain
       FROM json_to_recordset($1::json) AS r(company_id uuid, category text, connected_company_id uuid, connected_domain text)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(connections)],
    );
  }
  return inserted.rows.filter((row: { inserted: boolean }) => row.inserted).length;
}

/** Stores job postings that are not stored yet; returns how many were new. */
export async function writeJobPostings(db: Queryable, postings: readonly StoredJobPosting[]): Promise<number> {
  if (postings.length === 0) return 0;
  const result = await db.query(
    `INSERT INTO job_postings (id, company_id, position, title, seniority, categories, location, first_seen_at, url)
     SELECT id, company_id, position, title, seniority, coalesce(categories, '{}'), location, first_seen_at, url
     FROM json_to_recordset($1::json) AS r(id uuid, company_id uuid, position int, title text, seniority text,
       categories text[], location text, first_seen_at date, url text)
     ON CONFLICT DO NOTHING`,
    [
      JSON.stringify(
        postings.map((posting) => ({
          id: posting.id,
          company_id: posting.companyId,
          position: posting.position,
          title: posting.title,
          seniority: posting.seniority,
          categories: posting.categories,
          location: posting.location,
          first_seen_at: posting.firstSeenAt,
          url: posting.url,
        })),
      ),
    ],
  );
  return result.rowCount ?? 0;
}
