import type { JobOpeningFilters, ProviderItem, SignalType } from '@radar/contracts';

/** Lower-cased, for comparisons that ignore case. */
const folded = (value: string): string => value.toLowerCase();

/**
 * Whether a job opening passes the monitor's filters (decisions.md): `title_keyword` is a
 * case-insensitive substring of the title; `seniority` and `categories` match when the posting
 * has any of the listed values. An unset filter (null, blank or empty) lets everything through;
 * a set filter refuses a posting that lacks the field.
 */
export function passesJobOpeningFilters(item: ProviderItem, filters: JobOpeningFilters): boolean {
  const keyword = filters.title_keyword?.trim() ?? '';
  const opening = item.job_opening;
  if (keyword !== '' && !(opening !== null && folded(opening.title).includes(folded(keyword)))) return false;
  if (filters.seniority.length > 0 && !(opening?.seniority != null && (filters.seniority as readonly string[]).includes(opening.seniority))) {
    return false;
  }
  if (filters.categories.length > 0) {
    const wanted = new Set(filters.categories.map(folded));
    if (!(opening !== null && opening.categories.some((category) => wanted.has(folded(category))))) return false;
  }
  return true;
}

/** The items a check may deliver: job opening filters apply to job openings only and are ignored for other signal types. */
export function applyJobOpeningFilters(items: readonly ProviderItem[], signalType: SignalType, filters: JobOpeningFilters): ProviderItem[] {
  if (signalType !== 'job_openings') return [...items];
  return items.filter((item) => passesJobOpeningFilters(item, filters));
}
