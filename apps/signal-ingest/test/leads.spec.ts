import { randomUUID } from 'node:crypto';
import {
  EVENT_FAMILIES,
  PROVIDER_FOLLOWED_PATH,
  leadsPageSchema,
  leadsSummarySchema,
  providerFollowedResponseSchema,
  type EventFamily,
  type LeadsPage,
  type LeadsSummary,
  type ProviderItem,
} from '@radar/contracts';
import { eventFamilyOf } from '../src/domain/event-family';
import { startProviderSimProcess, TEST_PROVIDER_API_KEY, type ProviderSimProcess } from './provider-sim-process';
import { startSignalIngest, type SignalIngestHarness } from './signal-ingest-harness';
import { readApi, type Query, type ReadApi } from './support/read-api';

/** A small dataset of the provider: 3,000 companies, so 300 followed. */
const DATASET = { seed: 1, companies: 3_000 };
const DAY_MS = 86_400_000;

interface ExpectedLead {
  plItemId: string;
  domain: string;
  name: string;
  item: ProviderItem;
  family: EventFamily | null;
}

const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** What the feed must hold on `today`: the provider's followed companies' events, job openings of 90 days, others of a year. */
async function providerFeed(provider: ProviderSimProcess, today: string): Promise<{ companies: { domain: string; name: string }[]; leads: ExpectedLead[] }> {
  const companies: { domain: string; name: string }[] = [];
  const leads: ExpectedLead[] = [];
  for (let offset = 0; ; offset += 500) {
    const query = new URLSearchParams({ as_of: today, since: dayBefore(today, 364), offset: String(offset), limit: '500' });
    const response = await fetch(`${provider.url}${PROVIDER_FOLLOWED_PATH}?${query}`, { headers: { 'x-api-key': TEST_PROVIDER_API_KEY } });
    const page = providerFollowedResponseSchema.parse(await response.json());
    for (const company of page.data) {
      companies.push({ domain: company.domain, name: company.name });
      for (const item of company.items) {
        const keptFrom = item.signal_type === 'job_openings' ? dayBefore(today, 89) : dayBefore(today, 364);
        if (item.happened_on >= keptFrom && item.happened_on <= today) {
          leads.push({ plItemId: item.id, domain: company.domain, name: company.name, item, family: eventFamilyOf(item.signal_type, item.category) });
        }
      }
    }
    if (offset + page.data.length >= page.meta.total) break;
  }
  return { companies, leads };
}

describe('the leads feed: ingest from the provider, GET /leads and /leads/summary', () => {
  let provider: ProviderSimProcess;
  let harness: SignalIngestHarness;
  let api: ReadApi;
  let otherWorkspace: ReadApi;
  let now = new Date('2026-11-24T12:00:00.000Z');
  const today = () => now.toISOString().slice(0, 10);
  let feed: Awaited<ReturnType<typeof providerFeed>>;

  beforeAll(async () => {
    provider = await startProviderSimProcess({ dataset: DATASET });
    harness = await startSignalIngest(provider.url, { clock: () => now, env: { LEADS_FEED_ENABLED: 'true', LEADS_FEED_PAGE_SIZE: '70' } });
    api = readApi(harness.service.urls.main!);
    otherWorkspace = readApi(harness.service.urls.main!);
    // The reading at start; this run, queued behind it, finds today read already.
    await harness.service.deps.refreshLeads();
    feed = await providerFeed(provider, today());
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await provider?.stop();
  });

  const list = async (query: Query = {}, as: ReadApi = api): Promise<LeadsPage> => leadsPageSchema.parse(await as.json('/leads', query));
  const summary = async (query: Query = {}, as: ReadApi = api): Promise<LeadsSummary> => leadsSummarySchema.parse(await as.json('/leads/summary', query));
  const inWindow = (days: number) => feed.leads.filter((lead) => lead.item.happened_on >= dayBefore(today(), days - 1));
  const storedLeads = async () => Number((await harness.pool.query<{ count: string }>('SELECT count(*) AS count FROM leads')).rows[0]!.count);

  /** Every page of a list, walked with the largest page. */
  const walk = async (query: Query, as: ReadApi = api) => {
    const items: LeadsPage['items'] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await list({ ...query, limit: 100, offset }, as);
      items.push(...page.items);
      if (offset + 100 >= page.total) return { items, total: page.total };
    }
  };

  const watch = async (workspaceId: string, domain: string, watching: boolean, monitorId: string) => {
    await harness.client.publish(watching ? 'monitor.domain.added' : 'monitor.domain.removed', { workspaceId, monitorId, domain }, { msgId: randomUUID() });
  };

  const untilWatched = async (domain: string, expected: boolean, as: ReadApi = api) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const lead = (await list({ domain, days: 365 }, as)).items[0]!;
      if (lead.watched === expected || Date.now() > deadline) return lead;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  describe('ingest', () => {
    it('reads every followed company and keeps its events of the retention window, once each', async () => {
      expect(feed.companies).toHaveLength(300);
      const facts = await summary({ days: 365 });
      expect(facts.companies_followed).toBe(300);
      expect(facts.total).toBe(feed.leads.length);
      expect(await storedLeads()).toBe(feed.leads.length);
      const { rows } = await harness.pool.query<{ pl_item_id: string }>('SELECT pl_item_id FROM leads');
      expect(new Set(rows.map((row) => row.pl_item_id))).toEqual(new Set(feed.leads.map((lead) => lead.plItemId)));
    });

    it('adds nothing when the feed is read again (idempotent on the provider item id)', async () => {
      const before = await storedLeads();
      now = new Date(now.getTime() + 60_000);
      // Another reading of the same day, forced as at a start, asks for the overlap again.
      const { ingestLeads } = await import('../src/use-cases/ingest-leads');
      const counters = await ingestLeads(harness.service.deps, new AbortController().signal);
      expect(counters.itemsReceived).toBeGreaterThan(0);
      expect(counters.leadsAdded).toBe(0);
      expect(await storedLeads()).toBe(before);
    });
  });

  describe('GET /leads', () => {
    it('lists by default each company newest signal of the last 30 days, 50 at a time, newest first', async () => {
      const page = await list();
      const window = inWindow(30);
      const companies = new Set(window.map((lead) => lead.domain));
      expect(page).toMatchObject({ total: companies.size, limit: 50, offset: 0 });
      expect(page.items).toHaveLength(50);
      expect(new Set(page.items.map((item) => item.domain)).size).toBe(50);
      const days = page.items.map((item) => item.happened_on);
      expect(days).toEqual([...days].sort().reverse());
      for (const item of page.items) {
        const own = window.filter((lead) => lead.domain === item.domain);
        expect(item.happened_on).toBe(own.map((lead) => lead.item.happened_on).sort().reverse()[0]);
        expect(item.company_signals).toBe(own.length);
        expect(item.company_families).toEqual(EVENT_FAMILIES.filter((family) => own.some((lead) => lead.family === family)));
        expect(item.watched).toBe(false);
      }
    });

    it('carries every field of the Lead record', async () => {
      const item = (await list({ per_company: false, limit: 1 })).items[0]!;
      const expected = feed.leads.find((lead) => lead.item.headline === item.headline && lead.domain === item.domain)!;
      expect(item).toEqual({
        id: expect.any(String),
        domain: expected.domain,
        company_name: expected.name,
        signal_type: expected.item.signal_type,
        signal_label: expect.any(String),
        family: expected.family,
        family_label: expected.family === null ? null : expect.any(String),
        category: expected.item.category,
        headline: expected.item.headline,
        details: expected.item.details,
        source_url: expected.item.source_url,
        happened_on: expected.item.happened_on,
        found_at: expect.any(String),
        watched: false,
        company_signals: feed.leads.filter((lead) => lead.domain === expected.domain && lead.item.happened_on >= dayBefore(today(), 29)).length,
        company_families: expect.any(Array),
      });
    });

    it('lists every signal with per_company=false, ordered by happened_on then found_at, newest first', async () => {
      const { items, total } = await walk({ per_company: false, days: 7 });
      const expected = inWindow(7);
      expect(total).toBe(expected.length);
      expect(items.map((item) => item.headline).sort()).toEqual(expected.map((lead) => lead.item.headline).sort());
      const keys = items.map((item) => `${item.happened_on}|${item.found_at}`);
      expect(keys).toEqual([...keys].sort().reverse());
    });

    it('filters by family, days, q (company name or domain, case ignored) and domain', async () => {
      const funding = await walk({ family: 'funding', per_company: false, days: 365 });
      expect(funding.total).toBe(feed.leads.filter((lead) => lead.family === 'funding').length);
      expect(funding.items.every((item) => item.family === 'funding')).toBe(true);
      const perCompany = await list({ family: 'funding', days: 365 });
      expect(perCompany.total).toBe(new Set(feed.leads.filter((lead) => lead.family === 'funding').map((lead) => lead.domain)).size);

      for (const days of [1, 2, 90, 365]) expect((await list({ days, per_company: false })).total).toBe(inWindow(days).length);

      const company = feed.companies[17]!;
      const word = company.name.split(' ')[0]!;
      const byName = await walk({ q: word.toUpperCase(), days: 365 });
      const named = new Set(feed.companies.filter((candidate) => candidate.name.toLowerCase().includes(word.toLowerCase()) || candidate.domain.includes(word.toLowerCase())).map((candidate) => candidate.domain));
      expect(new Set(byName.items.map((item) => item.domain))).toEqual(new Set([...named].filter((domain) => feed.leads.some((lead) => lead.domain === domain))));
      const byDomain = await list({ q: company.domain.slice(1, -2), days: 365 });
      expect(byDomain.items.map((item) => item.domain)).toContain(company.domain);
      expect((await list({ q: '%', days: 365 })).total).toBe(0);

      const exact = await walk({ domain: company.domain.toUpperCase(), per_company: false, days: 365 });
      expect(exact.total).toBe(feed.leads.filter((lead) => lead.domain === company.domain).length);
      expect(exact.items.every((item) => item.domain === company.domain && item.company_name === company.name)).toBe(true);
    });

    it('pages with limit (1-100) and offset', async () => {
      const all = await walk({ days: 90 });
      for (const [limit, offset] of [[1, 0], [7, 5], [100, 100], [3, all.total - 2]] as const) {
        const page = await list({ days: 90, limit, offset });
        expect(page.items.map((item) => item.id)).toEqual(all.items.slice(offset, offset + limit).map((item) => item.id));
      }
      expect((await list({ days: 90, offset: all.total })).items).toEqual([]);
    });

    it.each([
      [{ family: 'weather' }, 'family'],
      [{ days: 0 }, 'days'],
      [{ days: 366 }, 'days'],
      [{ days: 'week' }, 'days'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ hide_watched: 'yes' }, 'hide_watched'],
      [{ per_company: '1' }, 'per_company'],
      [{ domain: 'no domain' }, 'domain'],
      [{ q: 'a\u0000b' }, 'q'],
    ])('refuses %j with 422 naming the field', async (query, field) => {
      const { status, detail } = await api.error('/leads', query);
      expect(status).toBe(422);
      expect(detail.message).toContain(`"${field}"`);
    });

    it('ignores query parameters it does not know', async () => {
      expect(await list({ sort: 'name', page: 3 })).toEqual(await list());
    });
  });

  describe('watched companies (monitor.domain.added / removed)', () => {
    it("marks a company a monitor of the workspace watches, hides it with hide_watched, and only for that workspace", async () => {
      const newest = (await list({ days: 365 })).items[0]!;
      const monitorId = randomUUID();
      await watch(api.workspaceId, newest.domain, true, monitorId);
      expect((await untilWatched(newest.domain, true)).watched).toBe(true);

      const all = await walk({ days: 365 });
      const hidden = await walk({ days: 365, hide_watched: true });
      expect(hidden.total).toBe(all.total - 1);
      expect(hidden.items.map((item) => item.domain)).not.toContain(newest.domain);
      const signals = await list({ days: 365, per_company: false });
      const signalsHidden = await list({ days: 365, per_company: false, hide_watched: true });
      expect(signalsHidden.total).toBe(signals.total - feed.leads.filter((lead) => lead.domain === newest.domain).length);
      expect((await list({ domain: newest.domain, hide_watched: true, days: 365 })).total).toBe(0);

      const theirs = await list({ domain: newest.domain, days: 365 }, otherWorkspace);
      expect(theirs.items[0]!.watched).toBe(false);
      expect((await list({ days: 365, hide_watched: true }, otherWorkspace)).total).toBe(all.total);

      const summaryHidden = await summary({ days: 365, hide_watched: true });
      expect(summaryHidden.companies).toBe(all.total - 1);
      expect(summaryHidden.total).toBe(signalsHidden.total);

      await watch(api.workspaceId, newest.domain, false, monitorId);
      expect((await untilWatched(newest.domain, false)).watched).toBe(false);
      expect((await list({ days: 365, hide_watched: true })).total).toBe(all.total);
    });

    it('keeps the company watched while another monitor of the workspace still watches it', async () => {
      const lead = (await list({ days: 365 })).items[1]!;
      const [first, second] = [randomUUID(), randomUUID()];
      await watch(api.workspaceId, lead.domain, true, first);
      await watch(api.workspaceId, lead.domain, true, second);
      await untilWatched(lead.domain, true);
      await watch(api.workspaceId, lead.domain, false, first);
      const marker = (await list({ days: 365 })).items[2]!;
      await watch(api.workspaceId, marker.domain, true, randomUUID());
      await untilWatched(marker.domain, true);
      expect((await list({ domain: lead.domain, days: 365 })).items[0]!.watched).toBe(true);
    });

    it('applies a change only over an older one, whatever order they are handled in', async () => {
      const { trackWatchedDomain } = await import('../src/use-cases/track-watched-domain');
      const lead = (await list({ days: 365 })).items[3]!;
      const event = { workspaceId: api.workspaceId, monitorId: randomUUID(), domain: lead.domain };
      const deps = harness.service.deps;
      await trackWatchedDomain(deps, event, { redelivered: false, streamSequence: 10_000_002 }, false);
      await trackWatchedDomain(deps, event, { redelivered: false, streamSequence: 10_000_001 }, true);
      expect((await list({ domain: lead.domain, days: 365 })).items[0]!.watched).toBe(false);
      await trackWatchedDomain(deps, event, { redelivered: false, streamSequence: 10_000_003 }, true);
      expect((await list({ domain: lead.domain, days: 365 })).items[0]!.watched).toBe(true);
    });
  });

  describe('GET /leads/summary', () => {
    it('counts the window: signals as per_company=false lists them, companies as per_company=true does, every family', async () => {
      for (const query of [{}, { days: 7 }, { days: 365 }, { q: feed.companies[3]!.name.split(' ')[0]! }]) {
        const result = await summary(query);
        expect(result.total).toBe((await list({ ...query, per_company: false })).total);
        expect(result.companies).toBe((await list(query)).total);
        expect(result.by_family.map((entry) => entry.family)).toEqual([...EVENT_FAMILIES]);
        for (const entry of result.by_family) expect({ query, entry: entry.family, count: entry.count }).toEqual({ query, entry: entry.family, count: (await list({ ...query, family: entry.family, per_company: false })).total });
        expect(result.companies_followed).toBe(300);
        expect(result.last_received_at).not.toBeNull();
      }
      const empty = await summary({ q: 'no company is called this' });
      expect(empty).toMatchObject({ total: 0, companies: 0, companies_followed: 300 });
      expect(empty.by_family.every((entry) => entry.count === 0)).toBe(true);
    });

    it('refuses bad days and flags with 422, and ignores family', async () => {
      expect((await api.error('/leads/summary', { days: 400 })).status).toBe(422);
      expect((await api.error('/leads/summary', { hide_watched: 'maybe' })).status).toBe(422);
      expect(await summary({ family: 'funding' })).toEqual(await summary());
    });
  });

  describe('retention (the daily job)', () => {
    it('removes job openings older than 90 days and everything older than a year, and reads the new day', async () => {
      now = new Date(now.getTime() + 20 * DAY_MS);
      await harness.service.deps.refreshLeads();
      const day = today();
      const { rows } = await harness.pool.query<{ job: string; other: string }>(
        `SELECT count(*) FILTER (WHERE signal_type = 'job_openings' AND happened_on < $1::date) AS job,
                count(*) FILTER (WHERE happened_on < $2::date) AS other FROM leads`,
        [dayBefore(day, 89), dayBefore(day, 364)],
      );
      expect(rows[0]).toEqual({ job: '0', other: '0' });
      const current = await providerFeed(provider, day);
      expect(await storedLeads()).toBe(current.leads.length);
      const oldest = (await walk({ days: 365, per_company: false, family: 'hiring' })).items.map((item) => item.happened_on).sort()[0];
      expect(oldest! >= dayBefore(day, 89)).toBe(true);
      const facts = await summary({ days: 365 });
      expect(facts.total).toBe(current.leads.length);
    });
  });
});
