import type { CompanyFilters } from '@radar/contracts';
import type { DatasetValues } from './search-dataset-values';

export type Route = '/companies/search' | '/companies/counts';

export interface MixCategory {
  name: string;
  route: Route;
  /** The p95 target for the category, in ms. */
  targetMs: number;
  /** When set, each query walks this many pages by cursor and only the last page is measured. */
  walkPages?: number;
  queries: CompanyFilters[];
}

/** A small seeded generator (mulberry32): the same seed gives the same mix on every run. */
export class Rng {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  /** One of the `top` commonest values. */
  pick<T>(values: readonly T[], top = values.length): T {
    const value = values[this.int(Math.min(top, values.length))];
    if (value === undefined) throw new Error('nothing to pick from');
    return value;
  }

  /** `count` different values among the `top` commonest. */
  some<T>(values: readonly T[], count: number, top = values.length): T[] {
    const chosen = new Set<T>();
    while (chosen.size < Math.min(count, top, values.length)) chosen.add(this.pick(values, top));
    return [...chosen];
  }
}

const BANDS = [1, 10, 50, 200, 500, 1000, 5000, 10000, 10001];
const SORTS = [
  { sort_by: 'name', sort_order: 'asc' },
  { sort_by: 'employee_count', sort_order: 'desc' },
  { sort_by: 'founded_year', sort_order: 'asc' },
  { sort_by: 'quality', sort_order: 'desc' },
  { sort_by: 'name', sort_order: 'desc' },
] as const;

type Draw = (rng: Rng, i: number, v: DatasetValues) => CompanyFilters;

const oneFilter: Draw = (rng, i, v) => {
  switch (i % 7) {
    case 0: return { countries: [rng.pick(v.countries, 25)] };
    case 1: return { industries: [rng.pick(v.industries, 80)] };
    case 2: return { technologies: [rng.pick(v.technologies, 80)] };
    case 3: return { naics_sectors: [rng.pick(v.naicsSectors)] };
    case 4: return { cities: [rng.pick(v.cities, 60)] };
    case 5: return { founded_year_min: 1960 + rng.int(60) };
    default: return { employee_bands: [rng.pick(BANDS)] };
  }
};

const fiveFilters: Draw = (rng, _i, v) => ({
  countries: rng.some(v.countries, 1 + rng.int(2), 12),
  industries: rng.some(v.industries, 1 + rng.int(3), 40),
  employee_bands: rng.some(BANDS, 2 + rng.int(3)).sort((a, b) => a - b),
  technologies: rng.some(v.technologies, 1 + rng.int(2), 40),
  founded_year_min: 1970 + rng.int(45),
});

/** Words of the description phrases: what a person types into the search box. */
const phraseWords = (v: DatasetValues): string[] => [...new Set(v.phrases.flatMap((phrase) => phrase.split(' ')).filter((word) => word.length >= 4))];

const freeText: Draw = (rng, i, v) => {
  switch (i % 3) {
    case 0: return { query: rng.pick(v.phrases, 80) };
    case 1: return { query: rng.pick(phraseWords(v), 120) };
    default: return { query: `${rng.pick(phraseWords(v), 120)} ${rng.pick(phraseWords(v), 120)}` };
  }
};

const keywords: Draw = (rng, i, v) => {
  switch (i % 3) {
    case 0: return { keywords: [rng.pick(v.phrases, 100)] };
    case 1: return { keywords: rng.some(v.phrases, 2, 100) };
    default: return { keywords: [rng.pick(v.phrases, 100)], countries: [rng.pick(v.countries, 10)] };
  }
};

const sortByName: Draw = (rng, i, v) => ({
  ...(i % 2 === 0 ? { countries: [rng.pick(v.countries, 25)] } : { industries: [rng.pick(v.industries, 60)] }),
  sort_by: 'name',
  sort_order: i % 4 < 2 ? 'asc' : 'desc',
});

/** Broad enough for fifty pages of twenty; two values, so the set differs from the single-value categories'. */
const filterWalk: Draw = (rng, i, v) => ({
  ...(i % 2 === 0 ? { countries: rng.some(v.countries, 2, 15) } : { industries: rng.some(v.industries, 2, 20) }),
  ...SORTS[i % SORTS.length],
});

/**
 * Phrases and words with enough matches for fifty pages: at 1M every common one; at 100k few
 * phrases, so words only when there are not enough phrases.
 */
const textWalk: Draw = (rng, i, v) => ({ query: i % 2 === 0 && v.walkPhrases.length >= 20 ? rng.pick(v.walkPhrases, 40) : rng.pick(v.walkWords, 60) });

const exclude: Draw = (rng, i, v) => {
  switch (i % 3) {
    case 0: return { exclude_industries: rng.some(v.industries, 2 + rng.int(2), 20) };
    case 1: return { exclude_keywords: [rng.pick(v.phrases, 60)] };
    default: return { countries: [rng.pick(v.countries, 15)], exclude_industries: [rng.pick(v.industries, 20)], exclude_keywords: [rng.pick(v.phrases, 60)] };
  }
};

const counts: Draw = (rng, i, v) => [oneFilter, fiveFilters, freeText, keywords, exclude][i % 5]!(rng, Math.floor(i / 5), v);

/**
 * The match set a request names (sorting and paging aside), in one canonical form: the
 * service caches per match set, so a request is only cold when no earlier request of the
 * run named the same set.
 */
function matchSetKey(filters: CompanyFilters): string {
  const { sort_by: _sortBy, sort_order: _sortOrder, ...rest } = filters;
  const canonical = Object.entries(rest)
    .map(([key, value]) => [key, Array.isArray(value) ? [...value].map(String).sort() : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(canonical);
}

/**
 * The fixed mix: `perCategory` different filter sets in each category, each set new to the
 * run (the empty set, which the service warms at start, is never drawn).
 */
export function buildMix(values: DatasetValues, perCategory: number, seed: number): MixCategory[] {
  const seen = new Set<string>([matchSetKey({})]);
  const draw = (name: string, category: Draw, salt: number): CompanyFilters[] => {
    const rng = new Rng(seed * 7919 + salt);
    const queries: CompanyFilters[] = [];
    for (let i = 0, attempts = 0; queries.length < perCategory && attempts < perCategory * 50; attempts += 1) {
      const filters = category(rng, i, values);
      const key = matchSetKey(filters);
      if (seen.has(key)) continue;
      seen.add(key);
      queries.push(filters);
      i += 1;
    }
    if (queries.length < perCategory) throw new Error(`${name}: only ${queries.length} different filter sets`);
    return queries;
  };
  const search = '/companies/search' as const;
  return [
    { name: 'one filter', route: search, targetMs: 50, queries: draw('one filter', oneFilter, 1) },
    { name: 'five filters', route: search, targetMs: 50, queries: draw('five filters', fiveFilters, 2) },
    { name: 'free-text query', route: search, targetMs: 150, queries: draw('free text', freeText, 3) },
    { name: 'keywords', route: search, targetMs: 150, queries: draw('keywords', keywords, 4) },
    { name: 'sort by name', route: search, targetMs: 50, queries: draw('sort by name', sortByName, 5) },
    { name: '50th page, filter', route: search, targetMs: 50, walkPages: 50, queries: draw('filter walk', filterWalk, 6) },
    { name: '50th page, free text', route: search, targetMs: 150, walkPages: 50, queries: draw('text walk', textWalk, 7) },
    { name: 'exclude filters', route: search, targetMs: 50, queries: draw('exclude', exclude, 8) },
    { name: 'counts', route: '/companies/counts', targetMs: 300, queries: draw('counts', counts, 9) },
  ];
}
