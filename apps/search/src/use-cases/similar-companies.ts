import { SIMILAR_LIMIT_DEFAULT, type CompanySummary, type SimilarCompaniesRequest, type SimilarCompaniesResponse } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { normalizeFilters } from '@radar/company-index';
import type { SearchDeps } from './deps';

/** Refuses unknown seeds as saved lists refuse unknown ids: 422 naming each by its index. */
function refuseUnknownSeeds(seedIds: string[], known: ReadonlyMap<string, CompanySummary>): void {
  const unknown = seedIds.flatMap((id, index) => (known.has(id) ? [] : [index]));
  if (unknown.length === 0) return;
  const fields = unknown.map((index) => `company_ids.${index}`);
  throw new AppError('VALIDATION_ERROR', fields.map((field) => `body field "${field}": unknown company id`).join('; '), {
    errors: fields.map((field) => ({ field, message: 'unknown company id' })),
  });
}

/** POST /companies/similar: the seeds' summaries and the companies most like them, by the rule of extensions.md section 2. */
export async function similarCompanies(deps: Pick<SearchDeps, 'companyIndex'>, request: SimilarCompaniesRequest): Promise<SimilarCompaniesResponse> {
  const seedIds = request.company_ids.map((id) => id.toLowerCase());
  const seeds = new Map((await deps.companyIndex.summariesOf(seedIds)).map((summary) => [summary.company_id, summary]));
  refuseUnknownSeeds(seedIds, seeds);
  const limit = request.limit ?? SIMILAR_LIMIT_DEFAULT;
  const filters = request.filters === undefined ? undefined : normalizeFilters(request.filters).filters;
  const matches = await deps.companyIndex.similar({ seedIds, filters, limit });
  const summaries = new Map((await deps.companyIndex.summariesOf(matches.map((match) => match.companyId))).map((summary) => [summary.company_id, summary]));
  return {
    seeds: seedIds.map((id) => seeds.get(id) as CompanySummary),
    items: matches.flatMap((match) => {
      const summary = summaries.get(match.companyId);
      if (summary === undefined) return [];
      const { shared } = match;
      return [
        {
          ...summary,
          similarity: match.similarity,
          shared: { industry: shared.industry, country: shared.country, employee_band: shared.employeeBand, technologies: shared.technologies, terms: shared.terms },
        },
      ];
    }),
    limit,
  };
}
