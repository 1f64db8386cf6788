import { EXPORT_CSV_COLUMNS, type CompanyDetail } from '@radar/contracts';

type CsvColumn = (typeof EXPORT_CSV_COLUMNS)[number];

/** The text of each column of a company; an absent value is an empty cell. */
const CELL: Record<CsvColumn, (company: CompanyDetail) => string | number | null> = {
  company_id: (c) => c.company_id,
  name: (c) => c.name,
  domain: (c) => c.domain,
  industry: (c) => c.industry,
  employee_count: (c) => c.employee_count,
  employee_range: (c) => c.employee_range,
  country: (c) => c.country,
  city: (c) => c.city,
  description: (c) => c.description,
  technologies: (c) => c.technologies.join(';'),
  founded_year: (c) => c.founded_year,
  profile_url: (c) => c.profile_url,
  funding_stage: (c) => c.funding_stage,
  funding_total_usd: (c) => c.funding_total_usd,
  last_funding_date: (c) => c.last_funding_date,
};

/** One CSV record of a company: the columns of decisions.md in order, every cell as text (so the file's formula guard sees it). */
export const csvRecord = (company: CompanyDetail): string[] =>
  EXPORT_CSV_COLUMNS.map((column) => {
    const value = CELL[column](company);
    return value === null ? '' : String(value);
  });
