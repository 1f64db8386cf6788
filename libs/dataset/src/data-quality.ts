import type { Company } from './company';

/** The twelve fields whose presence decisions.md counts for `data_quality_score`. */
export const QUALITY_FIELDS = [
  'name', 'domain', 'industry', 'employee_count', 'country', 'city', 'description', 'technologies',
  'founded_year', 'profile_url', 'funding_stage', 'funding_total_usd',
] as const satisfies readonly (keyof Company)[];

type Scored = Pick<Company, (typeof QUALITY_FIELDS)[number]>;

function filled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Count of filled fields out of twelve (technologies counts only when non-empty). */
export function dataQualityScore(company: Scored): number {
  let score = 0;
  for (const field of QUALITY_FIELDS) if (filled(company[field])) score += 1;
  return score;
}
