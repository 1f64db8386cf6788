import request from 'supertest';
import { companyLookupResponseSchema, similarCompaniesResponseSchema, type SimilarCompaniesResponse } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { matchSetOf } from '@radar/company-index/testing';
import type { IndexedCompany } from '@radar/company-index';
import { writeCompanies } from '@radar/company-index-postgres';
import { SIGNING_SECRET, startSearch, type TestSearch } from '../search-harness';
import type { ConformanceTarget } from './company-index.conformance';
import { buildFixture, commonest } from './fixture-companies';
import { referenceSimilar, referenceTerms, type ReferenceSimilar } from './reference-similar';

/**
 * Lookups, the domains filter and similar companies, stated once and run against every
 * CompanyIndex back-end through the service's HTTP interface. Similar companies are checked
 * against an oracle that scores every company of the fixture by the rule (reference-similar.ts).
 */
export function describeCompanyListsConformance(name: string, target: ConformanceTarget): void {
  describe(`company lists conformance: ${name}`, () => {
    const all = buildFixture().companies;
    const withOther = all.filter((company) => company.otherDomains.length > 0);
    let service: TestSearch;
    let terms: Map<string, string[]>;
    const post = (path: string, body: object) => request(service.app).post(path).set(signCaller(service.caller, SIGNING_SECRET)).send(body);

    beforeAll(async () => {
      service = await startSearch({ companyIndex: target.companyIndex });
      await writeCompanies(service.pool, all, 'replace');
      await service.deps.companyIndex.upsert(all);
      await service.deps.companyIndex.refresh();
      terms = await referenceTerms(service.pool, all);
    }, 120_000);

    afterAll(async () => {
      await service?.close();
      await target.cleanup?.();
    });

    async function similar(body: object): Promise<SimilarCompaniesResponse> {
      const response = await post('/companies/similar', body);
      if (response.status !== 200) throw new Error(`similar answered ${response.status}: ${JSON.stringify(response.body)}`);
      return similarCompaniesResponseSchema.strict().parse(response.body);
    }

    const answerOf = (response: SimilarCompaniesResponse): ReferenceSimilar[] =>
      response.items.map((item) => ({ companyId: item.company_id, similarity: item.similarity, shared: item.shared }));

    const industry = commonest(all.map((company) => company.industry));
    const sameIndustry = all.filter((company) => company.industry === industry && company.description !== null);

    it('has the fixtures this suite relies on', () => {
      expect(withOther.length).toBeGreaterThan(10);
      expect(sameIndustry.length).toBeGreaterThan(5);
    });

    it.each([
      ['one seed', [0], 20],
      ['three seeds of one industry', [0, 1, 2], 50],
      ['five seeds of one industry, every candidate', [0, 1, 2, 3, 4], 100],
    ])('ranks like the rule computed over every company: %s', async (_label, picks, limit) => {
      const seeds = picks.map((pick) => sameIndustry[pick] as IndexedCompany);
      const answer = await similar({ company_ids: seeds.map((seed) => seed.id), limit });
      expect(answer.seeds.map((seed) => seed.company_id)).toEqual(seeds.map((seed) => seed.id));
      expect(answer.limit).toBe(limit);
      expect(answerOf(answer)).toEqual(referenceSimilar(all, seeds, terms, limit));
    });

    it('mixes seeds of different industries and leaves the seeds out', async () => {
      const seeds = [all[10], all[50], all[90], all[130]] as IndexedCompany[];
      const answer = await similar({ company_ids: seeds.map((seed) => seed.id), limit: 100 });
      expect(answer.items.some((item) => seeds.some((seed) => seed.id === item.company_id))).toBe(false);
      expect(answerOf(answer)).toEqual(referenceSimilar(all, seeds, terms, 100));
    });

    it('gives the same answer to the same request', async () => {
      const body = { company_ids: [sameIndustry[3]?.id, sameIndustry[0]?.id], limit: 30 };
      expect(await similar(body)).toEqual(await similar(body));
    });

    it('takes candidates only from the companies matching the filters', async () => {
      const seeds = [sameIndustry[0], sameIndustry[1]] as IndexedCompany[];
      const country = commonest(all.map((company) => company.country));
      const filters = { countries: [country as string], employee_bands: [10, 50, 200] };
      const answer = await similar({ company_ids: seeds.map((seed) => seed.id), filters, limit: 25 });
      expect(answer.items.length).toBeGreaterThan(0);
      expect(answerOf(answer)).toEqual(referenceSimilar(matchSetOf(all, filters), seeds, terms, 25));
    });

    it('refuses unknown and repeated seeds with 422 naming company_ids.<index>', async () => {
      const known = sameIndustry[0]?.id as string;
      const unknown = await post('/companies/similar', { company_ids: [known, '00000000-0000-4000-8000-0000000000ff'] });
      expect(unknown.status).toBe(422);
      expect(unknown.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'company_ids.1' })]);
      const repeated = await post('/companies/similar', { company_ids: [known, sameIndustry[1]?.id, known] });
      expect(repeated.status).toBe(422);
      expect(repeated.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'company_ids.2' })]);
      const sorted = await post('/companies/similar', { company_ids: [known], filters: { sort_by: 'name' } });
      expect(sorted.status).toBe(422);
      expect(sorted.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'filters.sort_by' })]);
    });

    it('finds companies by their own and other domains in lookups and in the domains filter', async () => {
      const [first, second, third] = withOther as [IndexedCompany, IndexedCompany, IndexedCompany];
      const lookup = await post('/companies/lookup', {
        items: [{ domain: first.domain }, { domain: `https://${second.otherDomains[0]}/` }, { domain: `ana@${third.domain}` }],
      });
      expect(companyLookupResponseSchema.parse(lookup.body).items.map((item) => item.company?.company_id)).toEqual([first.id, second.id, third.id]);
      const domains = [first.domain, second.otherDomains[0] as string, `jobs.${third.domain}`];
      const expected = matchSetOf(all, { domains }).map((company) => company.id).sort();
      expect(expected).toEqual([first.id, second.id, third.id].sort());
      const search = await post('/companies/search', { domains, limit: 100 });
      expect(search.body.items.map((item: { company_id: string }) => item.company_id).sort()).toEqual(expected);
      expect((await post('/companies/counts', { domains })).body.total).toBe(3);
    });

    it('matches a generated name, and answers namesakes as ambiguous unless the country tells them apart', async () => {
      const byName = new Map<string, IndexedCompany[]>();
      for (const company of all) byName.set(company.name, [...(byName.get(company.name) ?? []), company]);
      const unique = all.find((company) => byName.get(company.name)?.length === 1 && company.name.split(' ').length >= 2) as IndexedCompany;
      const lookup = await post('/companies/lookup', { items: [{ name: unique.name.toUpperCase() }] });
      const [result] = companyLookupResponseSchema.parse(lookup.body).items;
      if (result?.status === 'matched') expect(result.company?.company_id).toBe(unique.id);
      else expect(result?.candidates.map((candidate) => candidate.company_id)).toContain(unique.id);
    });
  });
}
