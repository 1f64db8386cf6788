import { callApi } from '../src/public-api';
import { workspaceWithToken } from '../src/operator-world';
import { radar, radarFails } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

interface SearchPage {
  items: { company_id: string; name: string; country: string | null; industry: string | null }[];
  total: number;
  aggregations: Record<string, { value: string | number; count: number }[]>;
  next_cursor: string | null;
}

describe('company data through the gateway, loaded and curated with the CLI', () => {
  const stack = useStack();
  let token: string;
  let workspaceId: string;
  const loaded = { companies: 300, seed: 11 };

  beforeAll(async () => {
    const result = await radar<{ companies: number; followed: number; job_postings: number; events: number }>(
      stack(),
      'dataset',
      'load',
      '--companies',
      String(loaded.companies),
      '--seed',
      String(loaded.seed),
    );
    expect(result.companies).toBe(loaded.companies);
    const world = await workspaceWithToken(stack(), { scope: 'read' });
    token = world.token.token;
    workspaceId = world.workspace_id;
  }, 120_000);

  it('loads the dataset once: loading the same seed and count again adds nothing', async () => {
    const again = await radar<{ companies: number }>(stack(), 'dataset', 'load', '--companies', String(loaded.companies), '--seed', String(loaded.seed));
    expect(again.companies).toBe(loaded.companies);
    const counts = await callApi<{ total: number }>(stack(), 'POST', '/companies/counts', token, {});
    expect(counts.body.total).toBe(loaded.companies);
  });

  it('searches with filters, facets and rate-limit headers, and pages to the end with cursors', async () => {
    const first = await callApi<SearchPage>(stack(), 'POST', '/companies/search', token, { limit: 100, sort_by: 'name', sort_order: 'asc' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('60');
    expect(first.body.total).toBe(loaded.companies);
    expect(first.body.items).toHaveLength(100);
    expect(first.body.aggregations.industries?.length).toBeGreaterThan(0);

    const seen = new Set(first.body.items.map((item) => item.company_id));
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await callApi<SearchPage>(stack(), 'POST', '/companies/search', token, { limit: 100, sort_by: 'name', sort_order: 'asc', cursor });
      expect(page.status).toBe(200);
      for (const item of page.body.items) seen.add(item.company_id);
      cursor = page.body.next_cursor;
    }
    expect(seen.size).toBe(loaded.companies);

    const country = first.body.aggregations.countries?.[0];
    const filtered = await callApi<SearchPage>(stack(), 'POST', '/companies/search', token, { countries: [country?.value] });
    expect(filtered.body.total).toBe(country?.count);
    expect(filtered.body.items.every((item) => item.country === country?.value)).toBe(true);
  });

  it('answers bad search input with 422 in the envelope, through the gateway', async () => {
    const unknownField = await callApi<{ detail: { code: string; message: string } }>(stack(), 'POST', '/companies/search', token, { colour: 'red' });
    expect(unknownField.status).toBe(422);
    expect(unknownField.body.detail.message).toContain('colour');
    expect(unknownField.headers.get('x-ratelimit-limit')).toBeNull();
    const forged = await callApi<{ detail: { code: string } }>(stack(), 'POST', '/companies/search', token, { cursor: 'forged' });
    expect(forged.body.detail.code).toBe('INVALID_CURSOR');

    const malformed = await fetch(`${stack().gatewayUrl}/api/v1/companies/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"countries": ["Germany"',
    });
    expect(malformed.status).toBe(422);
    const envelope = (await malformed.json()) as { detail: { code: string; message: string } };
    expect(envelope.detail.code).toBe('VALIDATION_ERROR');
    expect(envelope.detail.message).toMatch(/Malformed JSON/);
  });

  it('shows a company and its job postings, and 404 for an id that is not one', async () => {
    const page = await callApi<SearchPage>(stack(), 'POST', '/companies/search', token, { limit: 1 });
    const companyId = page.body.items[0]?.company_id;
    const detail = await callApi<{ company_id: string; country: string | null; employee_range: string | null }>(stack(), 'GET', `/companies/${companyId}`, token);
    expect(detail.status).toBe(200);
    expect(detail.body.company_id).toBe(companyId);
    const postings = await callApi<{ items: unknown[]; page: number; page_size: number }>(stack(), 'GET', `/companies/${companyId}/job-postings?page_size=5`, token);
    expect(postings.status).toBe(200);
    expect(postings.body).toMatchObject({ page: 1, page_size: 5 });
    const missing = await callApi<{ detail: { code: string } }>(stack(), 'GET', '/companies/acme.com', token);
    expect(missing.status).toBe(404);
    expect(missing.body.detail.code).toBe('NOT_FOUND');
  });

  it('counts companies saved to a list of the workspace as saved, for that workspace only', async () => {
    const page = await callApi<SearchPage>(stack(), 'POST', '/companies/search', token, { limit: 3 });
    const [a, b, c] = page.body.items.map((item) => item.company_id);
    const list = await radar<{ list_id: string }>(stack(), 'list', 'create', '--workspace', workspaceId, '--name', 'targets', '--company-ids', `${a},${b}`);
    const added = await radar<{ list_id: string; size: number }>(stack(), 'list', 'add', '--list', list.list_id, '--company-ids', `${b},${c}`);
    expect(added).toEqual({ list_id: list.list_id, size: 3 });

    const counts = await callApi<{ total: number; saved: number; total_relation: string }>(stack(), 'POST', '/companies/counts', token, {});
    expect(counts.body).toMatchObject({ total: loaded.companies, saved: 3, total_relation: 'eq', saved_relation: 'eq' });
    const other = await workspaceWithToken(stack(), { scope: 'read' });
    const seenByOther = await callApi<{ saved: number }>(stack(), 'POST', '/companies/counts', other.token.token, {});
    expect(seenByOther.body.saved).toBe(0);
  });

  it('refuses to add unknown companies to a list, naming them', async () => {
    const list = await radar<{ list_id: string }>(stack(), 'list', 'create', '--workspace', workspaceId, '--name', 'empty', '--company-ids', '');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const failure = await radarFails(stack(), ['list', 'add', '--list', list.list_id, '--company-ids', unknown]);
    expect(failure.error.message).toContain(unknown);
  });
});
