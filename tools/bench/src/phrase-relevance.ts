import { generateCompany, indexFromCompanyId, INDUSTRIES } from '@radar/dataset';
import type { SearchPhrase } from './search-phrases';

/** A search result as the benchmark judges it. */
export interface ResultCompany {
  company_id: string;
  name: string;
  industry: string | null;
}

const NOUNS = new Map(INDUSTRIES.map((industry) => [industry.label, industry.vocabulary.nouns]));

/**
 * What the company's generated description says it is: its first sentence after the name (" is a
 * family-owned dental clinic based in ..."); names may hold dots of their own ("Acme Ltd.").
 */
function whatItIs(seed: number, company: ResultCompany): string {
  const index = indexFromCompanyId(seed, company.company_id);
  const description = index === null ? null : generateCompany(seed, index).description;
  if (description === null || !description.startsWith(company.name)) return '';
  return description.slice(company.name.length).split('. ')[0] ?? '';
}

/**
 * The rule of search-phrases.ts: a result is about the phrase when its industry is one of the
 * phrase's, or, without an industry, when its description names it with a noun of one of them.
 */
export function isAbout(result: ResultCompany, phrase: SearchPhrase, seed: number): boolean {
  if (result.industry !== null) return phrase.industries.includes(result.industry);
  const sentence = whatItIs(seed, result);
  return phrase.industries.some((industry) => (NOUNS.get(industry) ?? []).some((noun) => sentence.includes(` ${noun}`)));
}
