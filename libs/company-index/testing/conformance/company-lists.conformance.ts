import { parseLookupDomain, type CompanyFilters, type CompanySummary } from '@radar/contracts';
import type { CompanyIndex, IndexedCompany, SimilarMatch } from '../../src/company-index';
import type { NameMatches, NameQuery } from '../../src/lookup/name-index';
import { normalizeFilters } from '../../src/normalize-filters';
import { anIndexedCompany } from '../indexed-company';
import { bestNameCandidates, referenceDomainOwners, referenceNameMatches, sortedOwners, unexpectedCandidates } from '../reference-lookup';
import { matchSetOf } from '../reference-search';
import { referenceSimilar, referenceTerms, type ReferenceSimilar } from '../reference-similar';
import { FIXTURE_LOAD_TIMEOUT_MS, searchAllPages, type ConformanceEngine, type OpenedIndex } from './conformance-engine';
import { buildFixture, commonest } from './fixture-companies';

/**
 * Companies made for the lookup rules the generated data may not exercise: a host that is a
 * company's own domain under another's registrable domain, a domain two companies share,
 * namesakes in two countries, and more companies sharing a name word than a lookup shows.
 */
const ZORBLAX_UK = '10000000-0000-4000-8000-000000000001';
const ZORBLAX_DE = '10000000-0000-4000-8000-000000000002';
const JOBS_HOST = '10000000-0000-4000-8000-000000000003';
const VEXMOOR_A = '10000000-0000-4000-8000-000000000004';
const VEXMOOR_B = '10000000-0000-4000-8000-000000000005';

const LOOKUP_EDGE: IndexedCompany[] = [
  anIndexedCompany({ id: ZORBLAX_UK, name: 'Zorblax Cloud Ltd', domain: 'zorblax-cloud.co.uk', otherDomains: ['zorblax-cloud.de'], country: 'United Kingdom' }),
  anIndexedCompany({ id: ZORBLAX_DE, name: 'Zorblax Cloud GmbH', domain: 'zorblax-cloud-gmbh.de', otherDomains: [], country: 'Germany' }),
  anIndexedCompany({ id: JOBS_HOST, name: 'Quillfeather Careers', domain: 'jobs.zorblax-cloud.co.uk', otherDomains: [], country: 'United Kingdom' }),
  anIndexedCompany({ id: VEXMOOR_A, name: 'Vexmoor Analytics', domain: 'vexmoor-analytics.com', otherDomains: ['vexmoor.io'] }),
  anIndexedCompany({ id: VEXMOOR_B, name: 'Vexmoor Holdings', domain: 'vexmoor-holdings.com', otherDomains: ['vexmoor.io'] }),
  ...['Labs', 'Group', 'Systems', 'Partners', 'Digital'].map((word, at) =>
    anIndexedCompany({ id: `10000000-0000-4000-8000-00000000001${at}`, name: `Orvanta ${word}`, domain: `orvanta-${word.toLowerCase()}.com`, otherDomains: [] }),
  ),
];

const similarAnswer = (matches: SimilarMatch[]): ReferenceSimilar[] =>
  matches.map((match) => ({
    companyId: match.companyId,
    similarity: match.similarity,
    shared: {
      industry: match.shared.industry,
      country: match.shared.country,
      employee_band: match.shared.employeeBand,
      technologies: match.shared.technologies,
      terms: match.shared.terms,
    },
  }));

/** The keys a lookup reads owners of: each entry's exact host and registrable domain. */
function domainKeys(entries: string[]): string[] {
  return [...new Set(entries.flatMap((entry) => {
    const parsed = parseLookupDomain(entry);
    return parsed ? [parsed.host, parsed.registrable] : [];
  }))];
}

/**
 * What lookups, the domains filter and similar companies read from an index, stated once and
 * run against every CompanyIndex engine. Domain owners and name candidates are checked against
 * brute force over every record (reference-lookup.ts); similar companies against an oracle
 * that scores every company of the fixture by the rule (reference-similar.ts), with the
 * characteristic terms PostgreSQL's english configuration makes of the descriptions.
 */
export function describeCompanyListsConformance(name: string, engine: ConformanceEngine): void {
  describe(`company lists conformance: ${name}`, () => {
    const all = [...buildFixture().companies, ...LOOKUP_EDGE];
    const withOther = all.filter((company) => company.otherDomains.length > 0);
    let opened: OpenedIndex;
    let index: CompanyIndex;
    let terms: Map<string, string[]>;

    beforeAll(async () => {
      opened = await engine.open();
      index = opened.index;
      await index.upsert(all);
      await index.refresh();
      terms = await referenceTerms(opened.textSearch, all);
    }, FIXTURE_LOAD_TIMEOUT_MS);

    afterAll(async () => {
      await opened?.close();
    });

    const similar = async (seeds: IndexedCompany[], limit: number, filters?: CompanyFilters): Promise<ReferenceSimilar[]> =>
      similarAnswer(
        await index.similar({ seedIds: seeds.map((seed) => seed.id), limit, ...(filters === undefined ? {} : { filters: normalizeFilters(filters).filters }) }),
      );

    const industry = commonest(all.map((company) => company.industry));
    const sameIndustry = all.filter((company) => company.industry === industry && company.description !== null);

    it('has the fixtures this suite relies on', () => {
      expect(withOther.length).toBeGreaterThan(10);
      expect(sameIndustry.length).toBeGreaterThan(5);
    });

    describe('similar companies', () => {
      it.each([
        ['one seed', [0], 20],
        ['three seeds of one industry', [0, 1, 2], 50],
        ['five seeds of one industry, every candidate', [0, 1, 2, 3, 4], 100],
        ['one seed, the single best', [2], 1],
      ])('ranks like the rule computed over every company: %s', async (_label, picks, limit) => {
        const seeds = picks.map((pick) => sameIndustry[pick] as IndexedCompany);
        expect(await similar(seeds, limit)).toEqual(referenceSimilar(all, seeds, terms, limit));
      });

      it('mixes seeds of different industries and leaves the seeds out', async () => {
        const seeds = [all[10], all[50], all[90], all[130]] as IndexedCompany[];
        const answer = await similar(seeds, 100);
        expect(answer.some((item) => seeds.some((seed) => seed.id === item.companyId))).toBe(false);
        expect(answer).toEqual(referenceSimilar(all, seeds, terms, 100));
      });

      it('scores a seed without a description by what it has', async () => {
        const sparse = all.find((company) => company.description === null && company.technologies.length > 0) as IndexedCompany;
        expect(sparse).toBeDefined();
        expect(await similar([sparse], 30)).toEqual(referenceSimilar(all, [sparse], terms, 30));
      });

      it('gives the same answer to the same request', async () => {
        const seeds = [sameIndustry[3], sameIndustry[0]] as IndexedCompany[];
        expect(await similar(seeds, 30)).toEqual(await similar(seeds, 30));
      });

      it.each<[string, (country: string) => CompanyFilters]>([
        ['a country and size bands', (country) => ({ countries: [country], employee_bands: [10, 50, 200] })],
        ['a keyword phrase, an excluded industry and a founding year', () => ({ keywords: ['software'], exclude_industries: ['Retail'], founded_year_min: 2000 })],
      ])('takes candidates only from the companies matching the filters: %s', async (_label, filtersOf) => {
        const seeds = [sameIndustry[0], sameIndustry[1]] as IndexedCompany[];
        const filters = filtersOf(commonest(all.map((company) => company.country)));
        const answer = await similar(seeds, 25, filters);
        expect(answer.length).toBeGreaterThan(0);
        expect(answer).toEqual(referenceSimilar(matchSetOf(all, filters), seeds, terms, 25));
      });

      it('finds nothing when no company matches the filters', async () => {
        expect(await similar([sameIndustry[0] as IndexedCompany], 20, { countries: ['Atlantis'] })).toEqual([]);
      });
    });

    describe('lookups', () => {
      it('finds the owners of domains: own and other domains, exact hosts and registrable domains', async () => {
        const [first, second, third] = withOther as [IndexedCompany, IndexedCompany, IndexedCompany];
        const keys = domainKeys([
          first.domain,
          `https://${second.otherDomains[0]}/`,
          `ana@${third.domain}`,
          'jobs.zorblax-cloud.co.uk',
          'www2.zorblax-cloud.co.uk',
          'zorblax-cloud.de',
          'vexmoor.io',
          'nobody-here-at-all.com',
        ]);
        const owners = await index.domainOwners(keys);
        expect(sortedOwners(owners)).toEqual(referenceDomainOwners(all, keys));
        expect(owners.filter((owner) => owner.domain === 'vexmoor.io').map((owner) => owner.companyId).sort()).toEqual([VEXMOOR_A, VEXMOOR_B]);
        expect(await index.domainOwners(['nobody-here-at-all.com'])).toEqual([]);
      });

      it('finds the owners of every domain of many companies at once', async () => {
        const keys = domainKeys(all.slice(0, 150).flatMap((company) => [company.domain, ...company.otherDomains]));
        expect(sortedOwners(await index.domainOwners(keys))).toEqual(referenceDomainOwners(all, keys));
      });

      it('finds the best companies whose names reach the candidate similarity, within a country when given, and no other', async () => {
        const byName = new Map<string, IndexedCompany[]>();
        for (const company of all) byName.set(company.name, [...(byName.get(company.name) ?? []), company]);
        const unique = all.filter((company) => byName.get(company.name)?.length === 1 && company.name.split(' ').length >= 2).slice(0, 12);
        const queries: NameQuery[] = [
          ...unique.map((company) => ({ name: company.name.toUpperCase() })),
          ...unique.slice(0, 4).map((company) => ({ name: company.name.split(' ')[0] as string })),
          ...unique.slice(4, 8).map((company) => ({ name: `${company.name} Holdings Inc.`, country: company.country ?? 'Germany' })),
          { name: 'Orvanta' },
          { name: 'orvanta labs' },
          { name: 'ZORBLAX cloud, Inc.' },
          { name: 'Zorblax Cloud', country: 'Germany' },
          { name: 'Zorblax Cloud', country: 'Atlantis' },
          { name: 'Quillfeather Careers Ltd' },
          { name: 'Nothing Like This Name Anywhere' },
          { name: 'Inc.' },
        ];
        const answers = await index.nameCandidates(queries);
        const expected = queries.map((query) => referenceNameMatches(all, query));
        expect(answers.map(bestNameCandidates)).toEqual(expected.map(bestNameCandidates));
        expect(answers.flatMap((answer, at) => unexpectedCandidates(answer, expected[at] as NameMatches))).toEqual([]);
        expect(expected.filter((matches) => matches.knownCountry && matches.candidates.length > 3).length).toBeGreaterThan(0);
        expect(answers[queries.length - 5]).toEqual({ knownCountry: true, candidates: [{ companyId: ZORBLAX_DE, similarity: 100 }] });
        expect(answers[queries.length - 4]).toEqual({ knownCountry: false });
      });

      it('reads the summaries of the companies asked for, leaving unknown ids out', async () => {
        const picked = [all[7], all[300], LOOKUP_EDGE[0]] as IndexedCompany[];
        const summaries = await index.summariesOf([...picked.map((company) => company.id), '00000000-0000-4000-8000-0000000000ff']);
        const byId = new Map(summaries.map((summary) => [summary.company_id, summary]));
        expect([...byId.keys()].sort()).toEqual(picked.map((company) => company.id).sort());
        for (const company of picked) {
          expect(byId.get(company.id)).toEqual<CompanySummary>({
            company_id: company.id,
            name: company.name,
            domain: company.domain,
            industry: company.industry,
            employee_count: company.employeeCount,
            country: company.country,
            city: company.city,
            technologies: company.technologies,
            founded_year: company.foundedYear,
          });
        }
        expect(await index.summariesOf([])).toEqual([]);
      });

      it('filters searches and counts by own and other domains, exact hosts and registrable domains', async () => {
        const [first, second, third] = withOther as [IndexedCompany, IndexedCompany, IndexedCompany];
        const domains = [first.domain, second.otherDomains[0] as string, `jobs.${third.domain}`, 'vexmoor.io'];
        const expected = matchSetOf(all, { domains }).map((company) => company.id).sort();
        expect(expected).toEqual([first.id, second.id, third.id, VEXMOOR_A, VEXMOOR_B].sort());
        expect((await searchAllPages(index, { domains })).ids.sort()).toEqual(expected);
        expect(await index.count(normalizeFilters({ domains }).filters)).toBe(expected.length);
        expect(await index.count(normalizeFilters({ domains, countries: ['Nowhere'] }).filters)).toBe(0);
      });
    });
  });
}
