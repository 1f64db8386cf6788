import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { ProviderItem, SignalType } from '@radar/contracts';
import { silentLogger } from '@radar/platform/testing';
import { CheckRecorder } from '../src/use-cases/check-recorder';
import type { CheckAnswer } from '../src/use-cases/record-check-answers';
import { aCheck, domainAt, startSignalIngest, type CheckRequest, type SignalIngestHarness } from './signal-ingest-harness';

const DAY = '2026-11-20';

const anItem = (signalType: SignalType, overrides: Partial<ProviderItem> = {}): ProviderItem => ({
  id: `item-${randomUUID()}`,
  signal_type: signalType,
  category: null,
  happened_on: '2026-11-19',
  headline: 'Opened a second office',
  details: ['Lisbon'],
  source_url: null,
  job_opening: null,
  ...overrides,
});

const answered = (request: CheckRequest, fetched: ProviderItem[]): CheckAnswer & { fetched: ProviderItem[] } => ({ request, startedAt: new Date(), fetched });

describe('signal-ingest: the answers of checks running at once are recorded together', () => {
  let ingest: SignalIngestHarness;
  let pool: Pool;
  let recorder: CheckRecorder;
  beforeAll(async () => {
    // Nothing is asked of the provider here: the answers are given to the recorder directly.
    ingest = await startSignalIngest('http://127.0.0.1:9');
    pool = new Pool({ connectionString: ingest.service.databaseUrl, max: 4 });
    recorder = new CheckRecorder({ pool, logger: silentLogger(), now: () => new Date() }, { maxBatch: 50, windowMs: 20, concurrency: 1 });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await ingest?.close();
  });

  const transactionsOf = async (checkIds: readonly string[]): Promise<number> => {
    const { rows } = await pool.query<{ transactions: string }>('SELECT count(DISTINCT xmin::text) AS transactions FROM checks WHERE id = ANY($1::uuid[])', [checkIds]);
    return Number(rows[0]?.transactions);
  };

  it('records checks answered together in one transaction, each with its own record, signals and completion', async () => {
    const answers = Array.from({ length: 12 }, (_, index) => {
      const request = aCheck(domainAt(index), 'news_events', DAY);
      return answered(request, Array.from({ length: index % 3 }, () => anItem('news_events')));
    });

    const outcomes = await Promise.all(answers.map((answer) => recorder.record(answer)));

    expect(outcomes).toEqual(answers.map(() => 'recorded'));
    const checkIds = answers.map((answer) => answer.request.checkId);
    expect(await transactionsOf(checkIds)).toBe(1);
    for (const answer of answers) {
      const completion = await ingest.completionOf(answer.request.checkId);
      expect(completion).toMatchObject({ status: 'success', itemsFetched: answer.fetched.length, itemsNew: answer.fetched.length, itemsPushed: answer.fetched.length });
      expect(await ingest.rowCount('signals', { column: 'check_id', value: answer.request.checkId })).toBe(answer.fetched.length);
    }
  });

  it('records a check that comes twice in one batch once: the second copy is answered from the first', async () => {
    const request = aCheck(domainAt(20), 'job_openings', DAY);
    const items = [anItem('job_openings'), anItem('job_openings')];

    const outcomes = await Promise.all([recorder.record(answered(request, items)), recorder.record(answered(request, items))]);

    expect(outcomes).toEqual(['recorded', 'answered-before']);
    expect(await ingest.rowCount('checks', { column: 'id', value: request.checkId })).toBe(1);
    expect(await ingest.rowCount('signals', { column: 'check_id', value: request.checkId })).toBe(2);
  });

  it('delivers an item once when two checks of one monitor in the same batch both bring it', async () => {
    const monitorId = randomUUID();
    const shared = anItem('financing_events');
    const first = aCheck(domainAt(21), 'financing_events', DAY, { monitorId });
    const second = aCheck(domainAt(21), 'financing_events', DAY, { monitorId });

    await Promise.all([recorder.record(answered(first, [shared])), recorder.record(answered(second, [shared, anItem('financing_events')]))]);

    const { rows } = await pool.query<{ pl_item_id: string }>('SELECT pl_item_id FROM signals WHERE monitor_id = $1', [monitorId]);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.pl_item_id === shared.id)).toHaveLength(1);
    const completions = [await ingest.completionOf(first.checkId), await ingest.completionOf(second.checkId)];
    expect(completions.reduce((sum, completion) => sum + completion.itemsNew, 0)).toBe(2);
    expect(completions.map((completion) => completion.itemsFetched)).toEqual([1, 2]);
  });

  it('records the other checks of a batch when one check cannot be recorded, and that one as an internal error', async () => {
    const good = [aCheck(domainAt(22), 'news_events', DAY), aCheck(domainAt(23), 'news_events', DAY)];
    const broken = aCheck(domainAt(24), 'news_events', DAY);
    // A day PostgreSQL refuses: the provider's contract would never let it through, so only this check's data is wrong.
    const unreadable = anItem('news_events', { happened_on: '2026-02-30' });

    const outcomes = await Promise.all([
      recorder.record(answered(good[0]!, [anItem('news_events')])),
      recorder.record(answered(broken, [unreadable])),
      recorder.record(answered(good[1]!, [anItem('news_events')])),
    ]);

    expect(outcomes).toEqual(['recorded', 'recorded', 'recorded']);
    for (const request of good) {
      expect(await ingest.completionOf(request.checkId)).toMatchObject({ status: 'success', itemsNew: 1 });
    }
    expect(await ingest.completionOf(broken.checkId)).toMatchObject({ status: 'error_other', errorCode: 'INTERNAL_ERROR', itemsNew: 0 });
    expect(await ingest.rowCount('signals', { column: 'check_id', value: broken.checkId })).toBe(0);
  });

  it('finds the checks recorded before, by id, in one lookup for the checks asking at once', async () => {
    const request = aCheck(domainAt(25), 'connections', DAY);
    await recorder.record(answered(request, []));

    const [found, missing] = await Promise.all([recorder.findAnswered(request.checkId), recorder.findAnswered(randomUUID())]);

    expect(found).toMatchObject({ id: request.checkId, status: 'success', runDate: DAY, domain: request.domain });
    expect(missing).toBeNull();
  });
});
