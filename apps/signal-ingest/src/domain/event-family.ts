import { FAMILY_LABELS, type EventFamily, type SignalType } from '@radar/contracts';

/**
 * Event families of spec/decisions.md ("Event families"): which family a provider item belongs
 * to, from its signal type and category. The signals and leads read APIs classify with this
 * same module, so a family means one thing everywhere.
 */

/** The provider's news categories, by family. */
const NEWS_FAMILIES: Readonly<Record<string, EventFamily>> = {
  receives_financing: 'funding',
  raises: 'funding',
  acquires: 'mna',
  merges_with: 'mna',
  is_acquired_by: 'mna',
  hires: 'leadership',
  promotes: 'leadership',
  leaves: 'leadership',
  retires_from: 'leadership',
  expands_offices_to: 'expansion',
  opens_new_location: 'expansion',
  expands_facilities: 'expansion',
  decreases_headcount_by: 'contraction',
  closes_offices: 'contraction',
  files_suit_against: 'contraction',
  partners_with: 'commercial',
  signs_new_client: 'commercial',
  wins_award: 'commercial',
  launches: 'product',
  releases: 'product',
  integrates_with: 'technology',
  implements: 'technology',
  goes_live_with: 'technology',
  // Known to the provider's vocabulary but in no family of their own.
  is_developing: 'other',
  has_issues_with: 'other',
  identified_as_competitor_of: 'other',
  sells_assets_to: 'other',
};

/** Connection categories (the company search's `connections` filter values), by family. */
const CONNECTION_FAMILIES: Readonly<Record<string, EventFamily>> = {
  investor: 'funding',
  parent: 'mna',
  holding: 'mna',
  vendor: 'technology',
  integration: 'technology',
  partner: 'commercial',
  customer: 'commercial',
};

const lookup = (table: Readonly<Record<string, EventFamily>>, category: string | null): EventFamily | null =>
  category !== null && Object.hasOwn(table, category) ? (table[category] ?? null) : null;

/** The family of an item; null (counted as `unclassified`) when its category is unknown or missing. */
export function eventFamilyOf(signalType: SignalType, category: string | null): EventFamily | null {
  switch (signalType) {
    case 'financing_events':
      return 'funding';
    case 'job_openings':
      return 'hiring';
    case 'news_events':
      return lookup(NEWS_FAMILIES, category);
    case 'connections':
      return lookup(CONNECTION_FAMILIES, category);
  }
}

/** `M&A` for mna; null for an unclassified item. */
export const familyLabelOf = (family: EventFamily | null): string | null => (family === null ? null : FAMILY_LABELS[family]);
