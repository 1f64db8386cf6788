import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { companyDetailSchema, errorEnvelopeSchema, jobPostingsResponseSchema } from '@radar/contracts';
import { generateCompanies, generateJobPostings, type Company } from '@radar/dataset';
import { startSearch, type TestSearch } from './search-harness';

const SEED = 3;
const COUNT = 250;

describe('company detail and job postings', () => {
  let service: TestSearch;
  const companies = [...generateCompanies({ seed: SEED, count: COUNT })];
  const postingsOf = (company: Company) => generateJobPostings(company, SEED);
  const busiest = [...companies].sort((a, b) => postingsOf(b).length - postingsOf(a).length)[0] as Company;
  const withoutPostings = companies.find((company) => postingsOf(company).length === 0) as Company;
  const funded = companies.find((c) => c.funding_total_usd !== null && c.last_funding_date !== null && c.country_code !== null) as Company;

  beforeAll(async () => {
    service = await startSearch();
    const loaded = await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED });
    expect(loaded.status).toBe(200);
  }, 60_000);
  afterAll(() => service.close());

  it('has the fixtures this file relies on', () => {
    expect(postingsOf(busiest).length).toBeGreaterThan(25);
    expect(withoutPostings).toBeDefined();
    expect(funded).toBeDefined();
  });

  describe('GET /companies/{company_id}', () => {
    it('answers the detail with the country as an ISO code and the band label', async () => {
      const response = await service.get(`/companies/${funded.company_id}`);
      expect(response.status).toBe(200);
      expect(companyDetailSchema.strict().parse(response.body)).toEqual({
        company_id: funded.company_id,
        name: funded.name,
        domain: funded.domain,
        industry: funded.industry,
        city: funded.city,
        description: funded.description,
        employee_count: funded.employee_count,
        employee_range: funded.employee_range,
        country: funded.country_code,
        technologies: funded.technologies,
        founded_year: funded.founded_year,
        profile_url: funded.profile_url,
        funding_stage: funded.funding_stage,
        funding_total_usd: funded.funding_total_usd,
        last_funding_date: funded.last_funding_date,
      });
      expect(response.body.country).toMatch(/^[A-Z]{2}$/);
    });

    it('labels every stored band the way decisions.md lists them', async () => {
      const labels = new Map<number, string>();
      for (const company of companies) {
        if (company.employee_count === null || labels.has(company.employee_count)) continue;
        const response = await service.get(`/companies/${company.company_id}`);
        labels.set(company.employee_count, response.body.employee_range);
      }
      const expected: Record<number, string> = {
        1: '1', 10: '2-10', 50: '11-50', 200: '51-200', 500: '201-500', 1000: '501-1000', 5000: '1001-5000', 10000: '5001-10000', 10001: '10001+',
      };
      for (const [band, label] of labels) expect(label).toBe(expected[band]);
      expect(labels.size).toBeGreaterThanOrEqual(6);
    });

    it.each([
      ['an unknown UUID', () => randomUUID()],
      ['a domain of a stored company', () => busiest.domain],
      ['arbitrary text', () => 'not-an-id'],
    ])('answers 404 NOT_FOUND for %s', async (_label, id) => {
      const response = await service.get(`/companies/${encodeURIComponent(id())}`);
      expect(response.status).toBe(404);
      expect(errorEnvelopeSchema.parse(response.body).detail.code).toBe('NOT_FOUND');
    });

    it('refuses a request without a gateway-signed identity with 401', async () => {
      const response = await request(service.app).get(`/companies/${busiest.company_id}`);
      expect(response.status).toBe(401);
      expect(response.body.detail.code).toBe('INVALID_TOKEN');
    });
  });

  describe('GET /companies/{company_id}/job-postings', () => {
    /** A posting as the API shows it: absent fields left out, never null. */
    const shown = (posting: ReturnType<typeof postingsOf>[number]) =>
      Object.fromEntries(
        Object.entries({
          title: posting.title,
          seniority: posting.seniority,
          categories: posting.categories,
          location: posting.location,
          first_seen_at: posting.first_seen_at,
          url: posting.url,
        }).filter(([, value]) => value !== null),
      );

    it('lists the first 10 postings, newest first, by default', async () => {
      const response = await service.get(`/companies/${busiest.company_id}/job-postings`);
      expect(response.status).toBe(200);
      const body = jobPostingsResponseSchema.parse(response.body);
      const expected = postingsOf(busiest);
      expect(body).toEqual({ items: expected.slice(0, 10).map(shown), total: expected.length, page: 1, page_size: 10 });
      const dates = body.items.map((item) => item.first_seen_at).filter((date): date is string => date !== undefined);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('pages by page and page_size and ignores a cursor', async () => {
      const expected = postingsOf(busiest);
      const response = await service.get(`/companies/${busiest.company_id}/job-postings?page=2&page_size=7&cursor=abc`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ items: expected.slice(7, 14).map(shown), total: expected.length, page: 2, page_size: 7 });
    });

    it('leaves absent fields out instead of sending null', async () => {
      const response = await service.get(`/companies/${busiest.company_id}/job-postings?page_size=50`);
      const items = response.body.items as Record<string, unknown>[];
      expect(items.every((item) => Object.values(item).every((value) => value !== null))).toBe(true);
      expect(items.some((item) => !('seniority' in item) || !('url' in item) || !('location' in item))).toBe(true);
    });

    it('answers 200 with an empty list for a company without postings', async () => {
      const response = await service.get(`/companies/${withoutPostings.company_id}/job-postings`);
      expect(response.body).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
    });

    it('answers 404 NOT_FOUND for an unknown company', async () => {
      const response = await service.get(`/companies/${randomUUID()}/job-postings`);
      expect(response.status).toBe(404);
      expect(response.body.detail.code).toBe('NOT_FOUND');
    });

    it.each([
      ['page_size above 50', 'page_size=51', 'page_size'],
      ['page_size 0', 'page_size=0', 'page_size'],
      ['a non-integer page', 'page=1.5', 'page'],
      ['a page that is not a number', 'page=two', 'page'],
      ['page 0', 'page=0', 'page'],
    ])('answers 422 for %s', async (_label, query, field) => {
      const response = await service.get(`/companies/${busiest.company_id}/job-postings?${query}`);
      expect(response.status).toBe(422);
      const { detail } = errorEnvelopeSchema.parse(response.body);
      expect(detail.code).toBe('VALIDATION_ERROR');
      expect(detail.message).toContain(`"${field}"`);
    });
  });
});
