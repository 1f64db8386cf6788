import { CONNECTION_CATEGORIES, NEWS_CATEGORIES, OTHER_NEWS_CATEGORIES } from '@radar/dataset';
import { eventFamilyOf, familyLabelOf } from './event-family';

describe('event families (decisions.md, "Event families")', () => {
  it.each([
    ['receives_financing', 'funding'],
    ['raises', 'funding'],
    ['acquires', 'mna'],
    ['merges_with', 'mna'],
    ['is_acquired_by', 'mna'],
    ['hires', 'leadership'],
    ['promotes', 'leadership'],
    ['leaves', 'leadership'],
    ['retires_from', 'leadership'],
    ['expands_offices_to', 'expansion'],
    ['opens_new_location', 'expansion'],
    ['expands_facilities', 'expansion'],
    ['decreases_headcount_by', 'contraction'],
    ['closes_offices', 'contraction'],
    ['files_suit_against', 'contraction'],
    ['partners_with', 'commercial'],
    ['signs_new_client', 'commercial'],
    ['wins_award', 'commercial'],
    ['launches', 'product'],
    ['releases', 'product'],
    ['integrates_with', 'technology'],
    ['implements', 'technology'],
    ['goes_live_with', 'technology'],
    ['is_developing', 'other'],
    ['has_issues_with', 'other'],
    ['identified_as_competitor_of', 'other'],
    ['sells_assets_to', 'other'],
  ])('puts news of category %s in %s', (category, family) => {
    expect(eventFamilyOf('news_events', category)).toBe(family);
  });

  it('leaves news without a category, or with one it does not know, unclassified (null)', () => {
    expect(eventFamilyOf('news_events', null)).toBeNull();
    expect(eventFamilyOf('news_events', 'celebrates_anniversary')).toBeNull();
    expect(eventFamilyOf('news_events', 'RAISES')).toBeNull();
    expect(eventFamilyOf('news_events', 'toString')).toBeNull();
  });

  it.each([
    ['investor', 'funding'],
    ['parent', 'mna'],
    ['holding', 'mna'],
    ['vendor', 'technology'],
    ['integration', 'technology'],
    ['partner', 'commercial'],
    ['customer', 'commercial'],
  ])('puts a connection of category %s in %s', (category, family) => {
    expect(eventFamilyOf('connections', category)).toBe(family);
  });

  it('leaves a connection of an unknown category or none unclassified', () => {
    expect(eventFamilyOf('connections', 'competitor')).toBeNull();
    expect(eventFamilyOf('connections', null)).toBeNull();
  });

  it('puts every financing event in funding and every job opening in hiring, whatever the category', () => {
    for (const category of ['series_a', 'ipo', null]) expect(eventFamilyOf('financing_events', category)).toBe('funding');
    for (const category of ['engineering', 'sales', null]) expect(eventFamilyOf('job_openings', category)).toBe('hiring');
  });

  it('classifies every category the provider stand-in sends', () => {
    for (const category of [...NEWS_CATEGORIES, ...OTHER_NEWS_CATEGORIES]) expect(eventFamilyOf('news_events', category)).not.toBeNull();
    for (const category of CONNECTION_CATEGORIES) expect(eventFamilyOf('connections', category)).not.toBeNull();
  });

  it('labels families in readable English and leaves unclassified unlabelled', () => {
    expect(familyLabelOf('mna')).toBe('M&A');
    expect(familyLabelOf('funding')).toBe('Funding');
    expect(familyLabelOf('other')).toBe('Other');
    expect(familyLabelOf(null)).toBeNull();
  });
});
