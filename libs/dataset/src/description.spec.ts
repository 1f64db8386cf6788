import { generateCompanies, generateCompany, type Company } from './company';
import { INDUSTRIES } from './data/industries';
import { INDUSTRY_VOCABULARY } from './data/industry-vocabulary';
import { SOFTWARE_VERTICALS } from './data/software-verticals';

const SAMPLE = 60_000;
const companies: Company[] = [...generateCompanies({ seed: 41, count: SAMPLE })].filter((company) => company.description !== null);

const described = (industry: string): string[] =>
  companies.filter((company) => company.industry === industry).map((company) => company.description as string);

/** How many texts hold the phrase as whole words, case-sensitively. */
const holding = (texts: string[], phrase: string): number => {
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u');
  return texts.filter((text) => pattern.test(text)).length;
};

describe('industry vocabulary', () => {
  it('gives every industry of the catalog words of its own: nouns, at least six offerings and three customer types, each once', () => {
    expect(Object.keys(INDUSTRY_VOCABULARY).sort()).toEqual(INDUSTRIES.map((industry) => industry.label).sort());
    for (const { label, vocabulary } of INDUSTRIES) {
      expect({ label, nouns: vocabulary.nouns.length > 0 }).toEqual({ label, nouns: true });
      expect({ label, offerings: vocabulary.offerings.length >= 6 }).toEqual({ label, offerings: true });
      expect({ label, customers: vocabulary.customers.length >= 3 }).toEqual({ label, customers: true });
      for (const list of [vocabulary.nouns, vocabulary.offerings, vocabulary.customers]) expect(new Set(list).size).toBe(list.length);
    }
    const offeringLists = new Set(INDUSTRIES.map((industry) => industry.vocabulary.offerings.join('|')));
    expect(offeringLists.size).toBe(INDUSTRIES.length);
  });

  it('describes each company in the words of its own industry: one of its nouns and two of its offerings (or of a software market)', () => {
    const marketProducts = SOFTWARE_VERTICALS.flatMap((vertical) => vertical.products);
    const wrong = companies.slice(0, 20_000).filter((company) => {
      if (company.industry === null) return false;
      const { nouns, offerings } = INDUSTRY_VOCABULARY[company.industry] ?? { nouns: [], offerings: [] };
      const text = company.description as string;
      const firstSentence = text.slice(company.name.length);
      const phrases = [...offerings, ...marketProducts].filter((phrase) => text.includes(phrase));
      return !nouns.some((noun) => firstSentence.includes(noun)) || phrases.length < 2;
    });
    expect(wrong.map((company) => `${company.industry}: ${company.description}`)).toEqual([]);
  });

  it('lets Dentists talk about dental care, orthodontics and implants, and Insurance about brokers, policies and claims', () => {
    const dentists = described('Dentists');
    for (const phrase of ['dental care', 'orthodontics', 'dental implants', 'dental clinic']) expect(holding(dentists, phrase)).toBeGreaterThan(dentists.length / 20);
    const insurance = described('Insurance');
    for (const phrase of ['insurance broker', 'insurance policies', 'claims handling']) expect(holding(insurance, phrase)).toBeGreaterThan(insurance.length / 20);
    // Each offering of an industry shows up in a share of its companies, not in one or two of them.
    for (const phrase of INDUSTRY_VOCABULARY['Dentists']?.offerings ?? []) expect(holding(dentists, phrase)).toBeGreaterThan(dentists.length / 25);
  });

  it('has software companies name the market they build for, so "logistics software" finds transport-management software', () => {
    const software = described('Software Development');
    const withMarket = software.filter((text) => SOFTWARE_VERTICALS.some((vertical) => vertical.products.some((product) => text.includes(product))));
    expect(withMarket.length / software.length).toBeGreaterThan(0.6);
    const logistics = software.filter((text) => /\blogistics\b/.test(text) && /\bsoftware\b/.test(text));
    expect(logistics.length).toBeGreaterThan(20);
    expect(holding(software, 'transport management software')).toBeGreaterThan(5);
    for (const market of ['HR', 'CRM', 'healthcare', 'education', 'payments']) expect(holding(software, market)).toBeGreaterThan(10);
  });

  it('writes common abbreviations and both spellings of e-commerce', () => {
    const texts = companies.map((company) => company.description as string);
    for (const form of ['AI', 'CRM', 'HR', 'EV', '3D', 'B2B', 'SaaS', 'IT', 'e-commerce', 'ecommerce']) {
      expect({ form, companies: holding(texts, form) > 50 }).toEqual({ form, companies: true });
    }
  });

  it('puts "an" before a vowel sound, including acronyms read letter by letter', () => {
    const texts = companies.map((company) => company.description as string);
    for (const wrong of [' a HR ', ' a IT ', ' a M&A ', ' an SaaS ', ' an B2B ', ' a independent ', ' a orthodontic ']) expect(holding(texts, wrong.trim())).toBe(0);
    expect(holding(texts, 'an HR services company')).toBeGreaterThan(0);
    expect(holding(texts, 'a SaaS company')).toBeGreaterThan(0);
  });

  it('draws the same description for a (seed, index) however the company is reached, and another one for another seed', () => {
    const indices = [0, 7, 1_234, 59_999];
    for (const index of indices) {
      const direct = generateCompany(41, index);
      const inSlice = [...generateCompanies({ seed: 41, count: SAMPLE, start: index, end: index + 1 })][0];
      expect(inSlice?.description).toBe(direct.description);
    }
    const differing = indices.filter((index) => generateCompany(41, index).description !== generateCompany(42, index).description);
    expect(differing.length).toBeGreaterThan(2);
  });
});
