import { SIGNAL_LABELS, signalRecordSchema, type ProviderItem } from '@radar/contracts';
import { formatDay, parseDay } from '@radar/dataset';
import { eventFamilyOf, familyLabelOf } from '../src/domain/event-family';
import { aCheck, domainAt } from './signal-ingest-harness';
import { providerAndSignalIngest } from './support/provider-and-ingest';

/** A company of 1,001-5,000 employees: dozens of job openings and news items a year. */
const BUSY = domainAt(32);
const DAY = '2026-11-20';

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id).sort();

describe('signal-ingest: a check end to end (real PostgreSQL, NATS and provider-sim over HTTP)', () => {
  const world = providerAndSignalIngest();

  it('delivers every item of a first check as a signal with the whole Signal record, and answers the counters', async () => {
    const expected = await world.provider.items(BUSY, 'job_openings', DAY);
    expect(expected.length).toBeGreaterThan(10);
    const check = aCheck(BUSY, 'job_openings', DAY, { monitorName: 'Hiring at Highsphere' });
    const { completion, signals, events } = await world.ingest.check(check);

    expect(completion).toMatchObject({
      checkId: check.checkId,
      runId: check.runId,
      workspaceId: check.workspaceId,
      monitorId: check.monitorId,
      status: 'success',
      errorCode: null,
      itemsFetched: expected.length,
      itemsNew: expected.length,
      itemsPushed: expected.length,
    });
    expect(Date.parse(completion.completedAt)).toBeGreaterThanOrEqual(Date.parse(completion.startedAt));

    expect(ids(signals.map((signal) => ({ id: signal.pl_item_id })))).toEqual(ids(expected));
    expect(events.every((event) => event.workspaceId === check.workspaceId && event.runDate === DAY && event.webhookId === check.webhookId)).toBe(true);
    const byItem = new Map<string, ProviderItem>(expected.map((item) => [item.id, item]));
    for (const signal of signals) {
      const item = byItem.get(signal.pl_item_id) as ProviderItem;
      expect(signalRecordSchema.parse(signal)).toEqual({
        id: expect.any(String),
        fired_at: expect.any(String),
        signal_type: 'job_openings',
        signal_label: 'Job opening',
        domain: BUSY,
        cron_job_id: check.monitorId,
        cron_job_name: 'Hiring at Highsphere',
        delivery_method: 'webhook',
        pl_item_id: item.id,
        webhook_delivery_id: null,
        delivery_status: null,
        response_status: null,
        content_available: true,
        headline: item.headline,
        details: item.details,
        source_url: item.source_url,
        family: 'hiring',
        family_label: 'Hiring',
        category: item.category,
        happened_on: item.happened_on,
      });
    }

    expect(await world.ingest.rowCount('checks', { column: 'id', value: check.checkId })).toBe(1);
    expect(await world.ingest.rowCount('seen_items', { column: 'monitor_id', value: check.monitorId })).toBe(expected.length);
    expect(await world.ingest.rowCount('signals', { column: 'check_id', value: check.checkId })).toBe(expected.length);
    // The events went out through the outbox, written with the rows: one per signal, side by side
    // (no aggregate key), and the completion under the check's key, written after them.
    const { rows: outboxEvents } = await world.ingest.pool.query<{ subject: string; aggregate_key: string | null }>(
      "SELECT subject, aggregate_key FROM outbox_events WHERE payload->>'runId' = $1 ORDER BY position",
      [check.runId],
    );
    expect(outboxEvents).toEqual([
      ...expected.map(() => ({ subject: 'signal.delivered', aggregate_key: null })),
      { subject: 'signal.check.completed', aggregate_key: `check:${check.checkId}` },
    ]);
  });

  it('does not deliver again what the monitor delivered on an earlier day; the next day brings only its new items', async () => {
    // A pair of consecutive days on which the provider has something new for the company.
    let dayOne = '';
    let fresh: ProviderItem[] = [];
    for (let day = parseDay('2026-10-01'); fresh.length === 0; day += 1) {
      const [before, after] = await Promise.all([world.provider.items(BUSY, 'news_events', formatDay(day)), world.provider.items(BUSY, 'news_events', formatDay(day + 1))]);
      const known = new Set(before.map((item) => item.id));
      dayOne = formatDay(day);
      fresh = after.filter((item) => !known.has(item.id));
    }
    const dayTwo = formatDay(parseDay(dayOne) + 1);
    const monitor = aCheck(BUSY, 'news_events', dayOne);
    const first = await world.ingest.check(monitor);
    expect(first.completion.itemsNew).toBeGreaterThan(0);

    const second = await world.ingest.check(aCheck(BUSY, 'news_events', dayTwo, { monitorId: monitor.monitorId, workspaceId: monitor.workspaceId }));
    const dayTwoItems = await world.provider.items(BUSY, 'news_events', dayTwo);
    expect(second.completion).toMatchObject({ status: 'success', itemsFetched: dayTwoItems.length, itemsNew: fresh.length, itemsPushed: fresh.length });
    expect(ids(second.signals.map((signal) => ({ id: signal.pl_item_id })))).toEqual(ids(fresh));

    // Another monitor has delivered nothing yet: everything is new to it.
    const other = await world.ingest.check(aCheck(BUSY, 'news_events', dayTwo));
    expect(other.completion.itemsNew).toBe(dayTwoItems.length);
  });

  it('classifies news into families by category, leaving unknown or missing categories unclassified', async () => {
    const { signals } = await world.ingest.check(aCheck(domainAt(22), 'news_events', DAY));
    expect(signals.length).toBeGreaterThan(5);
    for (const signal of signals) {
      expect(signal.family).toBe(eventFamilyOf('news_events', signal.category));
      expect(signal.family_label).toBe(familyLabelOf(signal.family));
      expect(signal.signal_label).toBe(SIGNAL_LABELS.news_events);
    }
    expect(new Set(signals.map((signal) => signal.family)).size).toBeGreaterThan(2);
  });

  it('puts financing events in funding and connections in the family of their category', async () => {
    const financing = await world.ingest.check(aCheck(domainAt(4), 'financing_events', DAY));
    expect(financing.signals.length).toBeGreaterThan(0);
    expect(financing.signals.every((signal) => signal.family === 'funding' && signal.family_label === 'Funding')).toBe(true);
    const connections = await world.ingest.check(aCheck(domainAt(9), 'connections', DAY));
    expect(connections.signals.length).toBeGreaterThan(0);
    for (const signal of connections.signals) expect(signal.family).toBe(eventFamilyOf('connections', signal.category));
  });

  it('applies job opening filters to job openings: fetched counts every item, new and pushed only those that pass', async () => {
    const all = await world.provider.items(BUSY, 'job_openings', DAY);
    const wanted = all.filter((item) => ['mid_senior', 'junior'].includes(item.job_opening?.seniority ?? ''));
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.length).toBeLessThan(all.length);
    const filters = { title_keyword: null, seniority: ['mid_senior' as const, 'junior' as const], categories: [] };
    const { completion, signals } = await world.ingest.check(aCheck(BUSY, 'job_openings', DAY, { jobOpeningFilters: filters }));
    expect(completion).toMatchObject({ itemsFetched: all.length, itemsNew: wanted.length, itemsPushed: wanted.length });
    expect(ids(signals.map((signal) => ({ id: signal.pl_item_id })))).toEqual(ids(wanted));

    const keyword = all[0]?.job_opening?.title.split(' ').at(-1)?.toUpperCase() ?? '';
    const byKeyword = all.filter((item) => item.job_opening?.title.toLowerCase().includes(keyword.toLowerCase()));
    const titled = await world.ingest.check(aCheck(BUSY, 'job_openings', DAY, { jobOpeningFilters: { title_keyword: keyword, seniority: [], categories: [] } }));
    expect(titled.completion.itemsPushed).toBe(byKeyword.length);
  });

  it('ignores job opening filters for other signal types', async () => {
    const news = await world.provider.items(BUSY, 'news_events', DAY);
    const strict = { title_keyword: 'no title has this', seniority: ['founder' as const], categories: ['legal'] };
    const { completion } = await world.ingest.check(aCheck(BUSY, 'news_events', DAY, { jobOpeningFilters: strict }));
    expect(completion.itemsPushed).toBe(news.length);
  });

  it('answers a domain the provider does not know with success and nothing found', async () => {
    const check = aCheck('unknown-company.example', 'news_events', DAY);
    const { completion, signals } = await world.ingest.check(check);
    expect(completion).toMatchObject({ status: 'success', errorCode: null, itemsFetched: 0, itemsNew: 0, itemsPushed: 0 });
    expect(signals).toEqual([]);
  });
});
