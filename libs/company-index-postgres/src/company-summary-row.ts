import type { CompanySummary } from '@radar/contracts';

/** The columns of `companies c` a company summary shows (search results, lookups, similar companies). */
export const SUMMARY_COLUMNS = 'c.id, c.name, c.domain, c.industry, c.employee_count, c.country, c.city, c.technologies, c.founded_year';

/** A row of SUMMARY_COLUMNS: the summary, with the company's id under its column's name. */
export type SummaryRow = Omit<CompanySummary, 'company_id'> & { id: string };

export function toCompanySummary(row: SummaryRow): CompanySummary {
  return {
    company_id: row.id,
    name: row.name,
    domain: row.domain,
    industry: row.industry,
    employee_count: row.employee_count,
    country: row.country,
    city: row.city,
    technologies: row.technologies,
    founded_year: row.founded_year,
  };
}
