import { randomUUID } from 'node:crypto';
import { EVENT_FAMILIES, FAMILY_LABELS, signalsPageSchema, signalsSummarySchema, type EventFamily, type SignalRecord, type SignalsPage, type SignalsSummary } from '@radar/contracts';
import { startSignalIngest, type SignalIngestHarness } from './signal-ingest-harness';
import { readApi, type Query, type ReadApi } from './support/read-api';
import { aSignal, newestFirst, recordSignals } from './support/signal-builders';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);

const MONITOR_A = randomUUID();
const MONITOR_B = randomUUID();

/**
 * Workspace A's signals: two monitors, every signal type, several families (and none),
 * three domains, fired from an hour ago to 40 days ago (around the 24-hour and 7-day edges too).
 */
function workspaceSignals(): SignalRecord[] {
  const signals: SignalRecord[] = [];
  const hours = [1, 5, 23.5, 24.5, 30, 50, 100, 160, 167.5, 168.5, 200, 400, 960];
  const types = ['job_openings', 'financing_events', 'news_events', 'connections'] as const;
  const families: (EventFamily | null)[] = ['product', 'mna', null, 'leadership'];
  const domains = ['acme.com', 'globex.io', 'initech.co.uk'];
  hours.forEach((hour, index) => {
    for (const [typeIndex, signalType] of types.entries()) {
      signals.push(
        aSignal({
          firedAt: ago(hour + typeIndex / 100),
          signalType,
          family: signalType === 'news_events' ? families[index % families.length] : undefined,
          domain: domains[(index + typeIndex) % domains.length],
          monitorId: typeIndex % 2 === 0 ? MONITOR_A : MONITOR_B,
          monitorName: typeIndex % 2 === 0 ? 'Competitors' : 'Customers',
        }),
      );
    }
  });
  return signals;
}

const firedDay = (signal: SignalRecord) => signal.fired_at.slice(0, 10);

/** What GET /signals must answer: the oracle, filtering the recorded signals in JavaScript. */
function expectedSignals(all: readonly SignalRecord[], query: Query): SignalRecord[] {
  return all
    .filter((signal) => query.signal_type === undefined || signal.signal_type === query.signal_type)
    .filter((signal) => query.family === undefined || signal.family === query.family)
    .filter((signal) => query.monitor_id === undefined || signal.cron_job_id === query.monitor_id)
    .filter((signal) => query.domain === undefined || signal.domain === query.domain)
    .filter((signal) => query.since === undefined || firedDay(signal) >= String(query.since))
    .filter((signal) => query.until === undefined || firedDay(signal) <= String(query.until))
    .sort(newestFirst);
}

describe('GET /signals and /signals/summary', () => {
  let harness: SignalIngestHarness;
  let api: ReadApi;
  let other: ReadApi;
  const recorded = workspaceSignals();
  const otherSignals = [aSignal({ firedAt: ago(2), domain: 'acme.com', monitorId: randomUUID() }), aSignal({ firedAt: ago(3), signalType: 'job_openings' })];

  beforeAll(async () => {
    harness = await startSignalIngest('http://127.0.0.1:9', { clock: () => NOW });
    api = readApi(harness.service.urls.main!);
    other = readApi(harness.service.urls.main!);
    // One check's worth at a time, as runs record them.
    for (let index = 0; index < recorded.length; index += 4) await recordSignals(harness.pool, api.workspaceId, recorded.slice(index, index + 4));
    await recordSignals(harness.pool, other.workspaceId, otherSignals);
  });
  afterAll(() => harness.close());

  const list = async (query: Query = {}): Promise<SignalsPage> => signalsPageSchema.parse(await api.json('/signals', query));
  const summary = async (query: Query = {}): Promise<SignalsSummary> => signalsSummarySchema.parse(await api.json('/signals/summary', query));

  describe('the list', () => {
    it('answers newest first, 50 by default from offset 0, with every field of the Signal record', async () => {
      const page = await list();
      expect(page).toMatchObject({ total: recorded.length, limit: 50, offset: 0 });
      expect(page.items).toEqual(expectedSignals(recorded, {}).slice(0, 50));
      const job = page.items.find((item) => item.signal_type === 'job_openings')!;
      expect(job).toMatchObject({ signal_label: 'Job opening', family: 'hiring', family_label: 'Hiring', delivery_method: 'webhook', content_available: true });
      expect(Object.keys(job).sort()).toEqual(
        [
          'id', 'fired_at', 'signal_type', 'signal_label', 'domain', 'cron_job_id', 'cron_job_name', 'delivery_method', 'pl_item_id', 'webhook_delivery_id',
          'delivery_status', 'response_status', 'content_available', 'headline', 'details', 'source_url', 'family', 'family_label', 'category', 'happened_on',
        ].sort(),
      );
    });

    it('filters by each of signal_type, family, monitor_id, domain, since and until, and by several at once', async () => {
      const queries: Query[] = [
        { signal_type: 'financing_events' },
        { family: 'mna' },
        { family: 'hiring' },
        { monitor_id: MONITOR_B },
        { domain: 'globex.io' },
        { since: '2026-11-23' },
        { until: '2026-11-20' },
        { since: '2026-11-17', until: '2026-11-17' },
        { since: '2026-11-18', until: '2026-11-23', monitor_id: MONITOR_A, signal_type: 'news_events' },
        { domain: 'acme.com', family: 'funding', since: '2026-11-01' },
        { signal_type: 'job_openings', family: 'funding' },
      ];
      for (const query of queries) {
        const expected = expectedSignals(recorded, query);
        const page = await list({ ...query, limit: 200 });
        expect({ query, total: page.total, ids: page.items.map((item) => item.id) }).toEqual({ query, total: expected.length, ids: expected.map((signal) => signal.id) });
      }
    });

    it('matches a domain the way monitors write it (case, scheme and www. ignored)', async () => {
      const page = await list({ domain: 'https://WWW.Globex.IO/about', limit: 200 });
      expect(page.items.map((item) => item.id)).toEqual(expectedSignals(recorded, { domain: 'globex.io' }).map((signal) => signal.id));
    });

    it('pages with limit and offset over the whole list, and answers an empty page past the end', async () => {
      const expected = expectedSignals(recorded, {}).map((signal) => signal.id);
      for (const [limit, offset] of [[1, 0], [7, 3], [13, 13], [5, 50], [200, 0], [4, 48]] as const) {
        const page = await list({ limit, offset });
        expect(page.items.map((item) => item.id)).toEqual(expected.slice(offset, offset + limit));
        expect(page).toMatchObject({ total: expected.length, limit, offset });
      }
      const past = await list({ offset: 1000 });
      expect(past).toEqual({ items: [], total: expected.length, limit: 50, offset: 1000 });
      const filtered = expectedSignals(recorded, { monitor_id: MONITOR_A, family: 'hiring' }).map((signal) => signal.id);
      const walked: string[] = [];
      for (let offset = 0; offset < filtered.length; offset += 3) walked.push(...(await list({ monitor_id: MONITOR_A, family: 'hiring', limit: 3, offset })).items.map((item) => item.id));
      expect(walked).toEqual(filtered);
    });

    it('ignores query parameters it does not know', async () => {
      const page = await list({ sort: 'oldest', cursor: 'x', limit: 5 });
      expect(page.items.map((item) => item.id)).toEqual(expectedSignals(recorded, {}).slice(0, 5).map((signal) => signal.id));
    });

    it.each([
      [{ family: 'weather' }, 'family'],
      [{ signal_type: 'tweets' }, 'signal_type'],
      [{ since: '2026-02-30' }, 'since'],
      [{ until: '24.11.2026' }, 'until'],
      [{ since: '2026-11-20', until: '2026-11-19' }, 'since'],
      [{ monitor_id: 'not-a-uuid' }, 'monitor_id'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: '1e2' }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ domain: 'not a domain' }, 'domain'],
      [{ domain: 'acme\u0000.com' }, 'domain'],
    ])('refuses %j with 422 naming the field', async (query, field) => {
      const { status, detail } = await api.error('/signals', query);
      expect(status).toBe(422);
      expect(detail.code).toBe('VALIDATION_ERROR');
      expect(detail.message).toContain(`"${field}"`);
    });

    it.each(['/signals', '/signals/summary'])(
      'refuses a day of year 0 in since and until on %s with 422 naming the field, not a database error',
      async (path) => {
        for (const [field, day] of [['since', '0000-01-01'], ['until', '0000-12-31'], ['since', '0000-02-29']] as const) {
          const { status, detail } = await api.error(path, { [field]: day });
          expect(status).toBe(422);
          expect(detail.code).toBe('VALIDATION_ERROR');
          expect(detail.message).toContain(`query field "${field}": must be a day from 0001-01-01 to 9999-12-31`);
        }
      },
    );

    it("never shows another workspace's signals", async () => {
      const page = signalsPageSchema.parse(await other.json('/signals'));
      expect(page.items.map((item) => item.id).sort()).toEqual(otherSignals.map((signal) => signal.id).sort());
      expect(signalsPageSchema.parse(await other.json('/signals', { monitor_id: MONITOR_A })).total).toBe(0);
      expect(signalsPageSchema.parse(await other.json('/signals', { domain: 'globex.io' })).total).toBe(0);
      const empty = signalsPageSchema.parse(await readApi(harness.service.urls.main!).json('/signals'));
      expect(empty).toEqual({ items: [], total: 0, limit: 50, offset: 0 });
    });
  });

  describe('the summary', () => {
    it('counts the total, the last 24 hours and 7 days (rolling from now), the unclassified and every family in order', async () => {
      const result = await summary();
      const firedWithin = (hours: number) => recorded.filter((signal) => Date.parse(signal.fired_at) >= NOW.getTime() - hours * HOUR).length;
      expect(result.total).toBe(recorded.length);
      expect(result.last_24h).toBe(firedWithin(24));
      expect(result.last_7d).toBe(firedWithin(168));
      expect(result.unclassified).toBe(recorded.filter((signal) => signal.family === null).length);
      expect(result.by_family.map((entry) => entry.family)).toEqual([...EVENT_FAMILIES]);
      expect(result.by_family.map((entry) => entry.label)).toEqual(EVENT_FAMILIES.map((family) => FAMILY_LABELS[family]));
      expect(result.by_family.find((entry) => entry.family === 'expansion')!.count).toBe(0);
      expect(result.by_family.reduce((sum, entry) => sum + entry.count, 0) + result.unclassified).toBe(result.total);
    });

    it('equals what the list returns for the same filters, family by family', async () => {
      const queries: Query[] = [{}, { signal_type: 'news_events' }, { monitor_id: MONITOR_A }, { domain: 'acme.com' }, { since: '2026-11-18', until: '2026-11-23' }, { domain: 'initech.co.uk', until: '2026-11-22' }];
      for (const query of queries) {
        const result = await summary(query);
        expect(result.total).toBe((await list(query)).total);
        for (const entry of result.by_family) expect({ query, family: entry.family, count: entry.count }).toEqual({ query, family: entry.family, count: (await list({ ...query, family: entry.family })).total });
        const hours = (h: number) => expectedSignals(recorded, query).filter((signal) => Date.parse(signal.fired_at) >= NOW.getTime() - h * HOUR).length;
        expect({ query, last24: result.last_24h, last7: result.last_7d }).toEqual({ query, last24: hours(24), last7: hours(168) });
      }
    });

    it('ignores family (not one of its filters) and refuses the bad filters the list refuses', async () => {
      expect(await summary({ family: 'mna' })).toEqual(await summary());
      for (const query of [{ signal_type: 'tweets' }, { since: '2026-13-01' }, { monitor_id: '123' }, { since: '2026-11-24', until: '2026-11-23' }]) {
        expect((await api.error('/signals/summary', query)).status).toBe(422);
      }
    });

    it("counts only the caller's workspace", async () => {
      const result = signalsSummarySchema.parse(await other.json('/signals/summary'));
      expect(result.total).toBe(otherSignals.length);
      expect(result.last_24h).toBe(otherSignals.length);
    });
  });
});
