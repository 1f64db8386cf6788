import { generateCompany } from './company';
import { generateCompanyEvents, SIGNAL_TYPES, type CompanyEvent } from './company-events';
import { NEWS_CATEGORIES, OTHER_NEWS_CATEGORIES } from './data/news';
import { parseDay } from './dates';
import { FOLLOWED_TARGET, followedCount, followedIndices, isFollowed } from './followed';
import { generateFollowedCompanies } from './followed-feed';

const SEED = 'leads';
const REFERENCE = '2025-03-15';

describe('followed companies', () => {
  it('follows 8,900 companies of a full dataset and a tenth of a small one', () => {
    expect(followedCount(13_000_000)).toBe(FOLLOWED_TARGET);
    expect(followedCount(89_000)).toBe(8_900);
    expect(followedCount(10_000)).toBe(1_000);
    expect(followedCount(9)).toBe(0);
  });

  it('chooses exactly that many distinct companies, ascending, inside the id space', () => {
    const indices = [...followedIndices({ seed: SEED, count: 5_000 })];
    expect(indices).toHaveLength(500);
    expect(new Set(indices).size).toBe(500);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
    expect(Math.max(...indices)).toBeLessThan(5_000);
  });

  it('answers membership the same way the list does', () => {
    const listed = new Set(followedIndices({ seed: SEED, count: 3_000 }));
    for (let index = 0; index < 3_000; index += 1) expect(isFollowed(index, { seed: SEED, count: 3_000 })).toBe(listed.has(index));
  });

  it('leans towards established companies', () => {
    const sizes = [...followedIndices({ seed: SEED, count: 10_000 })].map((index) => generateCompany(SEED, index).employee_count ?? 0);
    expect(sizes.filter((size) => size >= 200).length / sizes.length).toBeGreaterThan(0.4);
  });

  it('is deterministic and depends on the seed', () => {
    expect([...followedIndices({ seed: SEED, count: 2_000 })]).toEqual([...followedIndices({ seed: SEED, count: 2_000 })]);
    expect([...followedIndices({ seed: 'other', count: 2_000 })]).not.toEqual([...followedIndices({ seed: SEED, count: 2_000 })]);
  });
});

describe('company events', () => {
  const feed = [...generateFollowedCompanies({ seed: SEED, count: 20_000, referenceDate: REFERENCE })];
  const events: CompanyEvent[] = feed.flatMap((entry) => entry.events);

  it('covers the followed companies with hiring, funding, news and connection events', () => {
    expect(feed).toHaveLength(2_000);
    expect(new Set(events.map((e) => e.signal_type))).toEqual(new Set(SIGNAL_TYPES));
    expect(feed.every((entry) => entry.events.some((e) => e.signal_type === 'job_openings'))).toBe(true);
    expect(feed.every((entry) => entry.events.some((e) => e.signal_type === 'news_events'))).toBe(true);
  });

  it('dates every event in the year that ends on the reference date, newest first', () => {
    const reference = parseDay(REFERENCE);
    expect(events.filter((e) => parseDay(e.happened_on) > reference || parseDay(e.happened_on) <= reference - 365)).toEqual([]);
    for (const { events: list } of feed) {
      const dates = list.map((e) => e.happened_on);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  });

  it('gives each event a stable unique id, a headline, details and a source URL', () => {
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const incomplete = events.filter((e) => e.headline === '' || e.details.length === 0 || !e.source_url.startsWith('https://'));
    expect(incomplete).toEqual([]);
    const again = generateCompanyEvents((feed[7] as (typeof feed)[number]).company, { seed: SEED, count: 20_000, referenceDate: REFERENCE });
    expect(again).toEqual(feed[7]?.events);
  });

  it('names the company the event belongs to', () => {
    for (const { company, events: list } of feed.slice(0, 200)) {
      expect(list.every((e) => e.company_id === company.company_id && e.domain === company.domain && e.company_name === company.name)).toBe(true);
    }
  });

  it('uses every mapped news category, a few unmapped ones and sometimes none', () => {
    const news = events.filter((e) => e.signal_type === 'news_events');
    const categories = new Set(news.map((e) => e.category));
    for (const category of NEWS_CATEGORIES) expect(categories).toContain(category);
    expect(OTHER_NEWS_CATEGORIES.some((category) => categories.has(category))).toBe(true);
    expect(categories).toContain(null);
    const known = new Set<string | null>([...NEWS_CATEGORIES, ...OTHER_NEWS_CATEGORIES, null]);
    expect([...categories].every((category) => known.has(category))).toBe(true);
  });

  it('moves with the reference date and keeps the same ids', () => {
    const { company } = feed[3] as (typeof feed)[number];
    const earlier = generateCompanyEvents(company, { seed: SEED, count: 20_000, referenceDate: '2025-03-05' });
    const later = generateCompanyEvents(company, { seed: SEED, count: 20_000, referenceDate: '2025-03-15' });
    const shift = new Map(earlier.map((e) => [e.id, parseDay(e.happened_on)]));
    const moved = later.filter((e) => shift.has(e.id));
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((e) => parseDay(e.happened_on) - (shift.get(e.id) as number) === 10)).toBe(true);
  });
});

describe('company events by period', () => {
  const company = generateCompany(SEED, 4_321);
  const options = { seed: SEED, count: 20_000, referenceDate: REFERENCE };
  const periods = [-1, 0, 1, 2].map((period) => generateCompanyEvents(company, { ...options, period }));

  it('keeps period 0 as the year ending on the reference date', () => {
    expect(periods[1]).toEqual(generateCompanyEvents(company, options));
  });

  it('dates period p in the year ending 365 × p days after the reference date, so periods tile a timeline', () => {
    const reference = parseDay(REFERENCE);
    [-1, 0, 1, 2].forEach((period, at) => {
      const end = reference + 365 * period;
      const days = (periods[at] as CompanyEvent[]).map((e) => parseDay(e.happened_on));
      expect(days.length).toBeGreaterThan(0);
      expect(days.filter((day) => day > end || day <= end - 365)).toEqual([]);
    });
  });

  it('draws each period anew, with ids no other period uses', () => {
    const all = periods.flat();
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const headlines = (at: number) => new Set((periods[at] as CompanyEvent[]).map((e) => e.headline));
    const shared = [...headlines(2)].filter((headline) => headlines(1).has(headline));
    expect(shared.length).toBeLessThan(headlines(2).size / 2);
  });

  it('is deterministic per period', () => {
    expect(generateCompanyEvents(company, { ...options, period: 2 })).toEqual(periods[3]);
  });
});

describe('job opening facts', () => {
  const company = generateCompany(SEED, 77);
  const events = generateCompanyEvents(company, { seed: SEED, count: 20_000, referenceDate: REFERENCE });

  it('gives every job opening its title, seniority, categories and location, and no other event any', () => {
    const openings = events.filter((e) => e.signal_type === 'job_openings');
    expect(openings.length).toBeGreaterThan(0);
    for (const opening of openings) {
      const facts = opening.job_opening;
      expect(facts).not.toBeNull();
      expect(opening.details).toContain(`Title: ${facts?.title}`);
      expect(opening.details).toContain(`Seniority: ${facts?.seniority}`);
      expect(facts?.categories).toEqual([opening.category]);
      expect(opening.headline).toContain(facts?.title);
    }
    expect(events.filter((e) => e.signal_type !== 'job_openings' && e.job_opening !== null)).toEqual([]);
  });
});
