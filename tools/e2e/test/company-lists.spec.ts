import { parse } from 'csv-parse/sync';
import type { CompanyLookupResponse, ExportJob, SimilarCompaniesResponse } from '@radar/contracts';
import { workspaceWithToken } from '../src/operator-world';
import { callApi } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

interface SearchPage {
  items: { company_id: string; domain: string }[];
}

describe('bring your own list through the gateway', () => {
  const stack = useStack();

  beforeAll(async () => {
    await radar(stack(), 'dataset', 'load', '--companies', '300', '--seed', '29');
  }, 120_000);

  async function firstCompanies(token: string, count: number): Promise<SearchPage['items']> {
    const page = await callApi<SearchPage>(stack(), 'POST', '/companies/search', token, { limit: count, sort_by: 'name', sort_order: 'asc' });
    expect(page.status).toBe(200);
    return page.body.items;
  }

  async function finished(token: string, exportId: string): Promise<ExportJob> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = (await callApi<ExportJob>(stack(), 'GET', `/exports/${exportId}`, token)).body;
      if (job.status === 'completed' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`export ${exportId} still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('looks companies up in a bucket of its own (60 a minute), each entry answered on its own', async () => {
    const { token } = (await workspaceWithToken(stack(), { credits: 0 })).token;
    const [first, second] = await firstCompanies(token, 2);
    const response = await callApi<CompanyLookupResponse>(stack(), 'POST', '/companies/lookup', token, {
      items: [{ ref: 'crm-1', domain: `https://www.${first?.domain}/pricing` }, { ref: 'crm-2', domain: `ana@${second?.domain}` }, { ref: 'crm-3' }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(response.body.items.map((item) => [item.ref, item.status, item.company?.company_id ?? null])).toEqual([
      ['crm-1', 'matched', first?.company_id],
      ['crm-2', 'matched', second?.company_id],
      ['crm-3', 'invalid', null],
    ]);
    expect(response.body).toMatchObject({ matched: 2, not_found: 0, ambiguous: 0, invalid: 1 });
    // The search bucket is untouched by lookups: its own count started at the search above.
    const search = await callApi(stack(), 'POST', '/companies/search', token, { limit: 1 });
    expect(search.headers.get('x-ratelimit-remaining')).toBe('58');

    const refused = await callApi(stack(), 'POST', '/companies/lookup', token, { items: [{ ref: 'x'.repeat(201), domain: 'a.com' }] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ detail: { code: 'VALIDATION_ERROR', details: { errors: [{ field: 'items.0.ref' }] } } });
  });

  it('answers similar companies in a bucket of its own, leaving the seeds out', async () => {
    const { token } = (await workspaceWithToken(stack(), { credits: 0 })).token;
    const seeds = (await firstCompanies(token, 3)).map((company) => company.company_id);
    const response = await callApi<SimilarCompaniesResponse>(stack(), 'POST', '/companies/similar', token, { company_ids: seeds, limit: 10 });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(response.body.seeds.map((seed) => seed.company_id)).toEqual(seeds);
    expect(response.body.items).toHaveLength(10);
    expect(response.body.items.some((item) => seeds.includes(item.company_id))).toBe(false);
    const similarities = response.body.items.map((item) => item.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
  });

  it('previews and exports exactly a list of domains, charging only the companies not exported before', async () => {
    const world = await workspaceWithToken(stack(), { credits: 100, scope: 'read_write' });
    const token = world.token.token;
    const companies = await firstCompanies(token, 6);
    const firstList = companies.slice(0, 4).map((company) => `https://${company.domain}/`);
    const preview = await callApi(stack(), 'POST', '/exports/preview', token, { search_filters: { domains: [...firstList, 'nobody-has-this-domain.com'] } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ requested_count: 4, new_count: 4, cost: 4 });

    const created = await callApi(stack(), 'POST', '/exports', token, { name: 'CRM list', search_filters: { domains: firstList } });
    expect(created.status).toBe(201);
    const job = await finished(token, (created.body.export_job as { id: string }).id);
    expect(job.status).toBe('completed');
    const download = await callApi<{ download_url: string }>(stack(), 'POST', `/exports/${job.id}/download`, token);
    const [, ...rows] = parse(await (await fetch(download.body.download_url)).text()) as string[][];
    expect(rows.map((row) => row[0]).sort()).toEqual(companies.slice(0, 4).map((company) => company.company_id).sort());

    const overlapping = companies.slice(2, 6).map((company) => company.domain);
    const second = await callApi(stack(), 'POST', '/exports/preview', token, { search_filters: { domains: overlapping } });
    expect(second.body).toMatchObject({ requested_count: 4, already_unlocked: 2, new_count: 2, cost: 2 });

    const invalid = await callApi(stack(), 'POST', '/exports/preview', token, { search_filters: { domains: ['acme.com', 'not a domain'] } });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ detail: { details: { errors: [{ field: 'search_filters.domains.1' }] } } });
  });
});
