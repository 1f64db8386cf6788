import { PROVIDER_HISTORY_DAYS, type ProviderFollowedCompany } from '@radar/contracts';
import { followedIndices, generateCompany, parseDay } from '@radar/dataset';
import { companyItemsBetween, type DatasetView } from './provider-timeline';

/**
 * The companies the provider account follows: the dataset's followed companies
 * (libs/dataset/src/followed.ts), in index order. Drawing them walks the whole id space, so the
 * list (8,900 numbers at most) is drawn once per dataset and kept.
 */
export class FollowedCompanies {
  private indices: readonly number[] | undefined;

  constructor(private readonly dataset: DatasetView) {}

  get total(): number {
    return this.all().length;
  }

  /**
   * A page of the followed companies with their items of every signal type that happened from
   * `since` to `asOf` (YYYY-MM-DD, both included), clipped to the provider's year of history.
   */
  page(offset: number, limit: number, since: string, asOf: string): ProviderFollowedCompany[] {
    const last = parseDay(asOf);
    const first = Math.max(parseDay(since), last - (PROVIDER_HISTORY_DAYS - 1));
    return this.all()
      .slice(offset, offset + limit)
      .map((index) => {
        const company = generateCompany(this.dataset.seed, index);
        const items = first > last ? [] : companyItemsBetween(this.dataset, index, first, last, null);
        return { domain: company.domain, name: company.name, items };
      });
  }

  private all(): readonly number[] {
    this.indices ??= [...followedIndices({ seed: this.dataset.seed, count: this.dataset.companies })];
    return this.indices;
  }
}
