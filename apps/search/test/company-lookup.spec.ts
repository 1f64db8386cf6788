import request from 'supertest';
import { companyLookupResponseSchema, type CompanyLookupResult } from '@radar/contracts';
import { generateCompanies } from '@radar/dataset';
import { signCaller } from '@radar/platform/internal-auth';
import { anIndexedCompany } from '@radar/company-index/testing';
import { SIGNING_SECRET, startSearch, type TestSearch } from './search-harness';

const SEED = 5;
const COUNT = 300;

const ACME_UK = '10000000-0000-4000-8000-000000000001';
const ACME_DE = '10000000-0000-4000-8000-000000000002';
const JOBS_HOST = '10000000-0000-4000-8000-000000000003';
const SHARED_A = '10000000-0000-4000-8000-000000000004';
const SHARED_B = '10000000-0000-4000-8000-000000000005';

const crafted = [
  anIndexedCompany({ id: ACME_UK, name: 'Zorblax Cloud Ltd', domain: 'zorblax-cloud.co.uk', otherDomains: ['zorblax-cloud.de'], country: 'United Kingdom' }),
  anIndexedCompany({ id: ACME_DE, name: 'Zorblax Cloud GmbH', domain: 'zorblax-cloud-gmbh.de', otherDomains: [], country: 'Germany' }),
  anIndexedCompany({ id: JOBS_HOST, name: 'Quillfeather Careers', domain: 'jobs.zorblax-cloud.co.uk', otherDomains: [], country: 'United Kingdom' }),
  anIndexedCompany({ id: SHARED_A, name: 'Vexmoor Analytics', domain: 'vexmoor-analytics.com', otherDomains: ['vexmoor.io'] }),
  anIndexedCompany({ id: SHARED_B, name: 'Vexmoor Holdings', domain: 'vexmoor-holdings.com', otherDomains: ['vexmoor.io'] }),
];

describe('POST /companies/lookup and the domains filter', () => {
  let service: TestSearch;
  const companies = [...generateCompanies({ seed: SEED, count: COUNT })];
  const withOther = companies.find((company) => company.other_domains.some((domain) => !domain.endsWith('.myshopify.com')));
  const lookup = (body: unknown) => request(service.app).post('/companies/lookup').set(signCaller(service.caller, SIGNING_SECRET)).send(body as object);
  const results = async (items: object[]): Promise<CompanyLookupResult[]> => {
    const response = await lookup({ items });
    expect(response.status).toBe(200);
    return companyLookupResponseSchema.parse(response.body).items;
  };

  beforeAll(async () => {
    service = await startSearch();
    expect((await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED })).status).toBe(200);
    await service.deps.companyIndex.upsert(crafted);
  }, 60_000);
  afterAll(() => service.close());

  it('has the fixtures this file relies on', () => {
    expect(withOther).toBeDefined();
  });

  it('matches domains, URLs and email addresses with confidence 1, echoing refs in the order sent', async () => {
    const [first, second, third] = companies;
    const response = await lookup({
      items: [
        { ref: 'a', domain: first?.domain },
        { ref: 'b', domain: `https://www.${second?.domain}/about?x=1` },
        { ref: 'c', domain: `Ana@${third?.domain.toUpperCase()}` },
        { domain: `careers.${first?.domain}` },
      ],
    });
    expect(response.status).toBe(200);
    const body = companyLookupResponseSchema.strict().parse(response.body);
    expect(body.items.map((item) => [item.ref, item.status, item.match_type, item.confidence, item.company?.company_id])).toEqual([
      ['a', 'matched', 'domain', 1, first?.company_id],
      ['b', 'matched', 'domain', 1, second?.company_id],
      ['c', 'matched', 'domain', 1, third?.company_id],
      [null, 'matched', 'domain', 1, first?.company_id],
    ]);
    expect(body.items[0]?.company).toMatchObject({ name: first?.name, domain: first?.domain, country: first?.country });
    expect(body).toMatchObject({ matched: 4, not_found: 0, ambiguous: 0, invalid: 0 });
  });

  it('matches a company by another domain it is known by; the record still shows its own domain', async () => {
    const other = withOther?.other_domains.find((domain) => !domain.endsWith('.myshopify.com')) as string;
    const [result] = await results([{ domain: other }]);
    expect(result).toMatchObject({ status: 'matched', match_type: 'domain', company: { company_id: withOther?.company_id, domain: withOther?.domain } });
  });

  it('takes the exact host before its registrable domain, and own domains before other domains', async () => {
    const items = await results([{ domain: 'jobs.zorblax-cloud.co.uk' }, { domain: 'www2.zorblax-cloud.co.uk' }, { domain: 'zorblax-cloud.de' }]);
    expect(items.map((item) => item.company?.company_id)).toEqual([JOBS_HOST, ACME_UK, ACME_UK]);
  });

  it('is ambiguous when one step finds several companies, listing them by company_id', async () => {
    const [result] = await results([{ ref: 'x', domain: 'vexmoor.io' }]);
    expect(result).toMatchObject({ status: 'ambiguous', reason: null, match_type: null, confidence: 0, company: null });
    expect(result?.candidates.map((candidate) => [candidate.company_id, candidate.confidence])).toEqual([[SHARED_A, 1], [SHARED_B, 1]]);
  });

  it('matches names by their word sets without legal forms, and lets country decide between namesakes', async () => {
    const [namesakes, inGermany, unknownCountry, nothing] = await results([
      { name: 'ZORBLAX cloud, Inc.' },
      { name: 'Zorblax Cloud', country: 'Germany' },
      { name: 'Zorblax Cloud', country: 'Atlantis' },
      { name: 'Nothing Like This Name Anywhere' },
    ]);
    expect(namesakes?.status).toBe('ambiguous');
    expect(namesakes?.candidates.map((candidate) => [candidate.company_id, candidate.country, candidate.confidence])).toEqual([
      [ACME_UK, 'United Kingdom', 1],
      [ACME_DE, 'Germany', 1],
    ]);
    expect(inGermany).toMatchObject({ status: 'matched', match_type: 'name', confidence: 1, company: { company_id: ACME_DE } });
    expect(unknownCountry).toMatchObject({ status: 'invalid', reason: 'unknown_country', confidence: 0, candidates: [] });
    expect(nothing).toMatchObject({ status: 'not_found', reason: null, confidence: 0, company: null, candidates: [] });
  });

  it('falls back to the name when the domain is invalid or finds nothing; a country never affects a domain match', async () => {
    const items = await results([
      { domain: 'not a domain', name: 'Quillfeather Careers' },
      { domain: 'nobody-here-at-all.com', name: 'Quillfeather Careers Ltd' },
      { domain: 'zorblax-cloud.de', country: 'Atlantis' },
    ]);
    expect(items.map((item) => [item.status, item.match_type, item.company?.company_id])).toEqual([
      ['matched', 'name', JOBS_HOST],
      ['matched', 'name', JOBS_HOST],
      ['matched', 'domain', ACME_UK],
    ]);
  });

  it('answers invalid entries on their own, duplicates each, and counts that add up', async () => {
    const response = await lookup({
      items: [{ ref: 'r' }, { ref: 'r', domain: 'localhost' }, { domain: 'nobody-here-at-all.com' }, { domain: 'vexmoor.io' }, { domain: 'vexmoor.io' }],
    });
    const body = companyLookupResponseSchema.parse(response.body);
    expect(body.items.map((item) => [item.status, item.reason])).toEqual([
      ['invalid', 'no_domain_or_name'],
      ['invalid', 'invalid_domain'],
      ['not_found', null],
      ['ambiguous', null],
      ['ambiguous', null],
    ]);
    expect(body).toMatchObject({ matched: 0, not_found: 1, ambiguous: 2, invalid: 2 });
  });

  it('refuses no items, more than 100, and a long ref with 422 naming the 0-based path', async () => {
    expect((await lookup({ items: [] })).status).toBe(422);
    expect((await lookup({ items: Array.from({ length: 101 }, () => ({ domain: 'a.com' })) })).status).toBe(422);
    const response = await lookup({ items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { ref: 'x'.repeat(201), name: 'd' }] });
    expect(response.status).toBe(422);
    expect(response.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'items.3.ref' })]);
    expect((await lookup({ items: [{ domain: 'a.com', extra: 1 }] })).body.detail.details.errors).toEqual([expect.objectContaining({ field: 'items.0.extra' })]);
  });

  describe('the domains filter', () => {
    it('finds exactly the listed companies by own or other domain in search and counts', async () => {
      const [first, second] = companies;
      const other = withOther?.other_domains[0] as string;
      const domains = [first?.domain, `https://${second?.domain}/x`, other, `jobs.${first?.domain}`, 'nobody-here-at-all.com'];
      const search = await service.search({ domains, limit: 10 });
      expect(search.status).toBe(200);
      expect(search.body.items.map((item: { company_id: string }) => item.company_id).sort()).toEqual(
        [first?.company_id, second?.company_id, withOther?.company_id].sort(),
      );
      expect((await service.counts({ domains })).body.total).toBe(3);
      expect((await service.counts({ domains, countries: ['Nowhere'] })).body.total).toBe(0);
    });

    it('refuses [] and an entry that is not a domain with 422 naming domains.<index>', async () => {
      expect((await service.search({ domains: [] })).status).toBe(422);
      const response = await service.counts({ domains: ['acme.com', 'acme'] });
      expect(response.status).toBe(422);
      expect(response.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'domains.1' })]);
    });
  });
});
