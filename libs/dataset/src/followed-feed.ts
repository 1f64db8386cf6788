import { companyAt, type Company } from './company';
import { generateCompanyEvents, type CompanyEvent } from './company-events';
import { followedIndices, type FollowedOptions } from './followed';
import { seedKey } from './prng';

export interface FollowedCompany {
  readonly company: Company;
  /** Newest first. */
  readonly events: CompanyEvent[];
}

/** Each followed company with its year of events, in index order, one company at a time. */
export function* generateFollowedCompanies(
  options: FollowedOptions & { readonly referenceDate: string },
): Generator<FollowedCompany, void, undefined> {
  const key = seedKey(options.seed);
  for (const index of followedIndices(options)) {
    const company = companyAt(key, index);
    yield { company, events: generateCompanyEvents(company, { seed: options.seed, count: options.count, referenceDate: options.referenceDate }) };
  }
}
