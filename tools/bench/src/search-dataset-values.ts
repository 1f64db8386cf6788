import { generateCompany, type Company } from '@radar/dataset';

/** Values that occur in the generated dataset, commonest first: what the query mix is drawn from. */
export interface DatasetValues {
  countries: string[];
  cities: string[];
  industries: string[];
  technologies: string[];
  naicsSectors: string[];
  /** Phrases that descriptions carry verbatim ("machine learning", "supply chain"). */
  phrases: string[];
  /** Those of `phrases` that more than WALK_MATCHES companies of the dataset hold: enough for fifty pages of twenty. */
  walkPhrases: string[];
  /** Words (four letters or more) of the common phrases that more than WALK_MATCHES companies hold. */
  walkWords: string[];
}

/** Fifty pages of twenty, with room for the sample's error. */
const WALK_MATCHES = 1_500;

const SAMPLE_SIZE = 4_000;

/** Where a description template puts one of its industry's offerings (libs/dataset/src/description.ts). */
const PHRASE_SLOTS = [/expertise in ([^.,]+)\./, /investing in ([^.,]+)\./, /expanding its ([^.,]+) capabilities/, /spans ([^.,]+), /];

function byFrequency(values: Iterable<string>): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([value]) => value);
}

/**
 * Regenerates an evenly spaced sample of the loaded dataset (records depend only on seed and
 * index), so the mix is the same on every run without reading the database.
 */
export function sampleDatasetValues(seed: number, companies: number): DatasetValues {
  const step = Math.max(1, Math.floor(companies / SAMPLE_SIZE));
  const sample: Company[] = [];
  for (let index = 0; index < companies && sample.length < SAMPLE_SIZE; index += step) sample.push(generateCompany(seed, index));
  const present = <T>(values: (T | null)[]): T[] => values.filter((value): value is T => value !== null);
  const phrases = sample.flatMap((company) =>
    PHRASE_SLOTS.map((slot) => company.description?.match(slot)?.[1]?.trim() ?? null).filter((phrase): phrase is string => phrase !== null),
  );
  const shortPhrases = byFrequency(phrases.filter((phrase) => phrase.split(' ').length <= 3));
  const holders = (phrase: string) => sample.filter((company) => company.description?.includes(phrase) ?? false).length;
  const scale = companies / sample.length;
  const words = [...new Set(shortPhrases.slice(0, 60).flatMap((phrase) => phrase.split(' ')).filter((word) => word.length >= 4))];
  return {
    countries: byFrequency(present(sample.map((company) => company.country))),
    cities: byFrequency(present(sample.map((company) => company.city))),
    industries: byFrequency(present(sample.map((company) => company.industry))),
    technologies: byFrequency(sample.flatMap((company) => company.technologies)),
    naicsSectors: byFrequency(present(sample.map((company) => company.naics_sector))),
    phrases: shortPhrases,
    walkPhrases: shortPhrases.slice(0, 60).filter((phrase) => holders(phrase) * scale > WALK_MATCHES),
    walkWords: words.filter((word) => holders(` ${word} `) * scale > WALK_MATCHES),
  };
}
