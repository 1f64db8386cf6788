import { generateCompanies, FIELD_PRESENCE, type Company } from './company';
import { INDUSTRIES } from './data/industries';
import { SOFTWARE_VERTICALS } from './data/software-verticals';
import { TECHNOLOGIES } from './data/technologies';
import { DATASET_AS_OF, DATASET_AS_OF_YEAR } from './dates';
import { EMPLOYEE_BANDS, EMPLOYEE_BAND_WEIGHTS, EMPLOYEE_RANGES } from './employee-bands';
import { FUNDING_STAGES } from './funding';

const SAMPLE = 100_000;
const companies: Company[] = [...generateCompanies({ seed: 77, count: SAMPLE })];

function share(predicate: (company: Company) => boolean, of: readonly Company[] = companies): number {
  return of.filter(predicate).length / of.length;
}

describe('employee size bands', () => {
  it('uses all nine band values and nothing else, each with its matching range label', () => {
    const seen = new Set(companies.map((c) => c.employee_count).filter((band) => band !== null));
    expect([...seen].sort((a, b) => a - b)).toEqual([...EMPLOYEE_BANDS]);
    const mislabelled = companies.filter((c) => c.employee_range !== (c.employee_count === null ? null : EMPLOYEE_RANGES[c.employee_count]));
    expect(mislabelled).toEqual([]);
  });

  it('is dominated by small companies, in the declared proportions', () => {
    const sized = companies.filter((c) => c.employee_count !== null);
    expect(share((c) => (c.employee_count ?? 0) <= 50, sized)).toBeGreaterThan(0.75);
    expect(share((c) => c.employee_count === 10, sized)).toBeGreaterThan(share((c) => c.employee_count === 200, sized));
    expect(share((c) => c.employee_count === 10001, sized)).toBeLessThan(0.01);
    const total = Object.values(EMPLOYEE_BAND_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
    for (const band of EMPLOYEE_BANDS) {
      expect(Math.abs(share((c) => c.employee_count === band, sized) - EMPLOYEE_BAND_WEIGHTS[band] / total)).toBeLessThan(0.01);
    }
  });
});

describe('missing fields', () => {
  const missing = (field: keyof Company) => share((c) => c[field] === null);

  it('leaves each optional field empty on a realistic 3-20% of records', () => {
    for (const field of ['industry', 'employee_count', 'country', 'city', 'description', 'founded_year', 'profile_url'] as const) {
      expect(missing(field)).toBeGreaterThan(0.02);
      expect(missing(field)).toBeLessThan(0.2);
    }
    expect(share((c) => c.technologies.length === 0)).toBeGreaterThan(0.05);
    expect(share((c) => c.technologies.length === 0)).toBeLessThan(0.2);
  });

  it('matches the declared presence rates', () => {
    const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(0.01);
    near(1 - missing('industry'), FIELD_PRESENCE.industry);
    near(1 - missing('employee_count'), FIELD_PRESENCE.employee_count);
    near(1 - missing('country'), FIELD_PRESENCE.country);
    near(1 - missing('description'), FIELD_PRESENCE.description);
    near(1 - missing('founded_year'), FIELD_PRESENCE.founded_year);
    near(1 - missing('profile_url'), FIELD_PRESENCE.profile_url);
    near(share((c) => c.technologies.length > 0), FIELD_PRESENCE.technologies);
    near(share((c) => c.city !== null, companies.filter((c) => c.country !== null)), FIELD_PRESENCE.cityGivenCountry);
  });

  it('always fills name and domain, and never a city or state without a country', () => {
    expect(companies.every((c) => c.name.length > 0 && c.domain.length > 0)).toBe(true);
    expect(companies.some((c) => c.country === null && (c.city !== null || c.state !== null || c.country_code !== null))).toBe(false);
    expect(companies.some((c) => c.city !== null && c.state === null)).toBe(false);
  });

  it('funds a minority of companies and keeps the funding fields consistent', () => {
    const funded = companies.filter((c) => c.funding_stage !== null);
    expect(funded.length / SAMPLE).toBeGreaterThan(0.05);
    expect(funded.length / SAMPLE).toBeLessThan(0.35);
    expect(companies.some((c) => c.funding_stage === null && (c.funding_total_usd !== null || c.last_funding_date !== null))).toBe(false);
    expect(new Set(funded.map((c) => c.funding_stage))).toEqual(new Set(FUNDING_STAGES));
    const badTotals = funded.filter((c) => c.funding_total_usd !== null && !(Number.isSafeInteger(c.funding_total_usd) && c.funding_total_usd >= 10_000));
    const badDates = funded.filter(
      (c) =>
        c.last_funding_date !== null &&
        (!/^\d{4}-\d{2}-\d{2}$/.test(c.last_funding_date) ||
          c.last_funding_date > DATASET_AS_OF ||
          (c.founded_year !== null && Number(c.last_funding_date.slice(0, 4)) < c.founded_year)),
    );
    expect(badTotals).toEqual([]);
    expect(badDates).toEqual([]);
    expect(share((c) => c.funding_total_usd !== null, funded)).toBeCloseTo(FIELD_PRESENCE.fundingTotalGivenStage, 1);
  });
});

describe('record contents', () => {
  it('founds companies between 1850 and the dataset year, most of them recently', () => {
    const years = companies.map((c) => c.founded_year).filter((year): year is number => year !== null);
    expect(Math.min(...years)).toBeGreaterThanOrEqual(1850);
    expect(Math.max(...years)).toBeLessThanOrEqual(DATASET_AS_OF_YEAR);
    expect(years.filter((year) => year >= 2000).length / years.length).toBeGreaterThan(0.6);
  });

  it('writes two or three sentences carrying searchable phrases of the industry', () => {
    const byLabel = new Map(INDUSTRIES.map((industry) => [industry.label, industry.vocabulary]));
    const marketProducts = SOFTWARE_VERTICALS.flatMap((vertical) => vertical.products);
    for (const company of companies.slice(0, 5_000)) {
      if (company.description === null || company.industry === null) continue;
      // Names ("Acme Co.") and places ("St. Louis") carry dots of their own.
      const plain = [company.name, company.city ?? ''].reduce((text, part) => (part === '' ? text : text.split(part).join('X')), company.description);
      const sentences = plain.split(/(?<=\.) (?=[A-Z])/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
      expect(company.description.startsWith(company.name)).toBe(true);
      const phrases = [...(byLabel.get(company.industry)?.offerings ?? []), ...marketProducts].filter((phrase) => company.description?.includes(phrase));
      expect(phrases.length).toBeGreaterThanOrEqual(2);
    }
    expect(share((c) => c.description?.includes('machine learning') ?? false)).toBeGreaterThan(0.005);
    expect(share((c) => c.description?.includes('freight forwarding') ?? false)).toBeGreaterThan(0.002);
    expect(share((c) => c.description?.includes('payment processing') ?? false)).toBeGreaterThan(0.001);
  });

  it('lists real technologies without duplicates, with the categories of exactly those technologies', () => {
    const catalog = new Map(TECHNOLOGIES.map((tech) => [tech.name, tech]));
    const wrong = companies.slice(0, 20_000).filter((company) => {
      const expected = new Set(company.technologies.flatMap((name) => catalog.get(name)?.categories ?? ['unknown']));
      return (
        expected.has('unknown') ||
        new Set(company.technologies).size !== company.technologies.length ||
        company.technology_categories.length !== expected.size ||
        !company.technology_categories.every((category) => expected.has(category))
      );
    });
    expect(wrong).toEqual([]);
  });

  it('uses only industry labels of the catalog and a spread of them', () => {
    const labels = new Set(INDUSTRIES.map((industry) => industry.label));
    const seen = new Set(companies.map((c) => c.industry).filter((label): label is string => label !== null));
    expect([...seen].every((label) => labels.has(label))).toBe(true);
    expect(seen.size).toBeGreaterThan(labels.size * 0.9);
  });

  it('links each profile URL to the domain code of the company', () => {
    for (const company of companies.slice(0, 2_000)) {
      if (company.profile_url === null) continue;
      const handle = company.domain.slice(0, company.domain.indexOf('.'));
      expect(company.profile_url).toBe(`https://www.linkedin.com/company/${handle}`);
    }
  });
});
