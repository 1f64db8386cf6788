/** Vocabulary of company news: categories, the outlets that report them, awards and facilities. */

/** News categories the product's event families map (spec/decisions.md, "Event families"). */
export const NEWS_CATEGORIES = [
  'receives_financing', 'raises', 'acquires', 'merges_with', 'is_acquired_by', 'hires', 'promotes', 'leaves', 'retires_from',
  'expands_offices_to', 'opens_new_location', 'expands_facilities', 'decreases_headcount_by', 'closes_offices',
  'files_suit_against', 'partners_with', 'signs_new_client', 'wins_award', 'launches', 'releases', 'integrates_with',
  'implements', 'goes_live_with',
] as const;

/** Categories a news provider also sends that the family map does not name. */
export const OTHER_NEWS_CATEGORIES = ['is_developing', 'has_issues_with', 'identified_as_competitor_of', 'sells_assets_to'] as const;

export type NewsCategory = (typeof NEWS_CATEGORIES)[number] | (typeof OTHER_NEWS_CATEGORIES)[number];

/** How common each category is in a year of company news. */
export const NEWS_CATEGORY_WEIGHTS: Readonly<Record<NewsCategory, number>> = {
  receives_financing: 3, raises: 3, acquires: 3, merges_with: 1, is_acquired_by: 1.5, hires: 10, promotes: 5, leaves: 4,
  retires_from: 1.5, expands_offices_to: 4, opens_new_location: 4, expands_facilities: 2.5, decreases_headcount_by: 2,
  closes_offices: 1, files_suit_against: 1, partners_with: 10, signs_new_client: 7, wins_award: 5, launches: 9, releases: 6,
  integrates_with: 4, implements: 3, goes_live_with: 2, is_developing: 1.5, has_issues_with: 0.8,
  identified_as_competitor_of: 0.8, sells_assets_to: 0.6,
};

/** Share of news items that arrive without any category. */
export const UNCATEGORISED_NEWS_SHARE = 0.02;

export const NEWS_OUTLETS: readonly string[] = [
  'businesswire.com', 'prnewswire.com', 'globenewswire.com', 'techcrunch.com', 'reuters.com', 'bloomberg.com', 'forbes.com',
  'finextra.com', 'fiercehealthcare.com', 'constructiondive.com', 'retaildive.com', 'supplychaindive.com', 'venturebeat.com',
  'crunchbase.com', 'finsmes.com', 'prweb.com',
];

export const AWARDS: readonly string[] = [
  'a Top Workplaces award', 'an Industry Innovation Award', 'a Sustainability Leadership Award', 'a Customer Excellence Award',
  'a Fast 50 growth award', 'a Best Employer award', 'a Product of the Year award', 'a Regional Business of the Year award',
];

export const FACILITIES: readonly string[] = [
  'headquarters', 'distribution center', 'manufacturing plant', 'research lab', 'data center', 'training center', 'warehouse',
];

export const PRODUCT_NOUNS: readonly string[] = [
  'Insights', 'Cloud', 'Connect', 'Studio', 'Assist', 'Pay', 'Hub', 'Analytics', 'Flow', 'Go', 'Pro', 'One', 'Edge', 'Care', 'Track',
];

export const INVESTOR_SUFFIXES: readonly string[] = ['Ventures', 'Capital', 'Partners', 'Equity', 'Growth', 'Investments'];
