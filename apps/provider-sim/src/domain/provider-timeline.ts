import { PROVIDER_HISTORY_DAYS, type ProviderItem, type SignalType } from '@radar/contracts';
import { DATASET_AS_OF, generateCompany, generateCompanyEvents, indexFromDomain, parseDay, type CompanyEvent } from '@radar/dataset';

/** The dataset the provider serves: the one search loaded. */
export interface DatasetView {
  seed: number;
  companies: number;
}

const PERIOD_DAYS = 365;
const ANCHOR_DAY = parseDay(DATASET_AS_OF);

/**
 * The period holding a day. Period 0 is the dataset's own year of events (the year ending on
 * DATASET_AS_OF, the same events search counts for the leads feed); period p is the year
 * ending 365 × p days later. Periods are fixed, so an event keeps its date and id whatever
 * day the provider is asked about, and every later day can bring new events.
 */
const periodOf = (day: number): number => Math.ceil((day - ANCHOR_DAY) / PERIOD_DAYS);

const toProviderItem = (event: CompanyEvent): ProviderItem => ({
  id: event.id,
  signal_type: event.signal_type,
  category: event.category,
  happened_on: event.happened_on,
  headline: event.headline,
  details: [...event.details],
  source_url: event.source_url,
  job_opening: event.job_opening && {
    title: event.job_opening.title,
    seniority: event.job_opening.seniority,
    categories: [...event.job_opening.categories],
    location: event.job_opening.location,
  },
});

/**
 * The items of the company at `index` that happened from day `first` to day `last` (day
 * numbers, both included), of one signal type or of every type, newest first (ties by id).
 */
export function companyItemsBetween(dataset: DatasetView, index: number, first: number, last: number, signalType: SignalType | null): ProviderItem[] {
  const company = generateCompany(dataset.seed, index);
  const items: ProviderItem[] = [];
  for (let period = periodOf(first); period <= periodOf(last); period += 1) {
    const events = generateCompanyEvents(company, { seed: dataset.seed, count: dataset.companies, referenceDate: DATASET_AS_OF, period });
    for (const event of events) {
      if (signalType !== null && event.signal_type !== signalType) continue;
      const day = parseDay(event.happened_on);
      if (day >= first && day <= last) items.push(toProviderItem(event));
    }
  }
  return items.sort((a, b) => b.happened_on.localeCompare(a.happened_on) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * What the provider knows about a company's `signalType` as of `asOf` (YYYY-MM-DD): the items
 * of the year up to that day, newest first (ties by id). A domain that is not one of the
 * dataset's companies has none.
 */
export function companyItemsAsOf(dataset: DatasetView, domain: string, signalType: SignalType, asOf: string): ProviderItem[] {
  const index = indexFromDomain(dataset.seed, domain);
  if (index === null || index >= dataset.companies) return [];
  const last = parseDay(asOf);
  return companyItemsBetween(dataset, index, last - (PROVIDER_HISTORY_DAYS - 1), last, signalType);
}
