import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { SIGNAL_EXPORT_COLUMNS, type SignalRecord } from '@radar/contracts';
import { startSignalIngest, type SignalIngestHarness } from './signal-ingest-harness';
import { readApi, type Query, type ReadApi } from './support/read-api';
import { aSignal, newestFirst, recordSignals } from './support/signal-builders';
import { eventually } from '@radar/platform/testing';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const HOUR = 3_600_000;
const MONITOR = randomUUID();

const csvOf = async (response: Response): Promise<string[][]> => parse(await response.text(), { bom: false, relax_column_count: false }) as string[][];

/** A row as the contract's columns say it: the Signal record, in export form. */
const rowOf = (signal: SignalRecord): string[] => [
  signal.fired_at,
  signal.signal_type,
  signal.domain,
  signal.headline,
  signal.details.join('; '),
  signal.source_url ?? '',
  signal.cron_job_name,
  signal.delivery_method,
  signal.delivery_status ?? '',
  String(signal.content_available),
  signal.pl_item_id,
  signal.family ?? '',
  signal.happened_on ?? '',
];

describe('GET /signals/export', () => {
  let harness: SignalIngestHarness;
  let api: ReadApi;
  const signals: SignalRecord[] = [];

  beforeAll(async () => {
    harness = await startSignalIngest('http://127.0.0.1:9', { clock: () => NOW });
    api = readApi(harness.service.urls.main!);
    for (let index = 0; index < 30; index += 1) {
      signals.push(
        aSignal({
          firedAt: new Date(NOW.getTime() - index * 7 * HOUR),
          signalType: (['job_openings', 'news_events', 'connections'] as const)[index % 3],
          domain: index % 2 === 0 ? 'acme.com' : 'globex.io',
          monitorId: index % 4 === 0 ? MONITOR : undefined,
          headline: `Acme, "the" company\nline two #${index}`,
          details: [`Fact ${index}`, 'Another, with a comma'],
        }),
      );
    }
    signals.push(
      aSignal({ firedAt: new Date(NOW.getTime() - 90 * HOUR), headline: '=HYPERLINK("http://evil.example","click")', details: ['+1 555 0100', '@mention', '-5% headcount'] }),
      aSignal({ firedAt: new Date(NOW.getTime() - 91 * HOUR), headline: '\tTabbed', details: ['\rCarriage'], monitorName: '-Negative monitor', happenedOn: null }),
      aSignal({ firedAt: new Date(NOW.getTime() - 92 * HOUR), headline: '＝HYPERLINK("http://evil.example","wide")', details: ['＋1 555 0100'], monitorName: '－Wide monitor' }),
      aSignal({ firedAt: new Date(NOW.getTime() - 93 * HOUR), headline: '＠Wide mention', details: ['plain detail'] }),
    );
    await recordSignals(harness.pool, api.workspaceId, signals);
    await recordSignals(harness.pool, randomUUID(), [aSignal({ firedAt: NOW, domain: 'acme.com' })]);
  });
  afterAll(() => harness.close());

  const exported = async (query: Query = {}) => {
    const response = await api.get('/signals/export', query);
    expect(response.status).toBe(200);
    return { response, rows: await csvOf(response) };
  };

  it('answers a CSV attachment with a file name, the contract header and one row per signal, newest first', async () => {
    const { response, rows } = await exported();
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="signals-2026-11-24.csv"');
    expect(rows[0]).toEqual([...SIGNAL_EXPORT_COLUMNS]);
    expect(rows[0]).toEqual(['fired_at_utc', 'signal_type', 'company_domain', 'headline', 'details', 'source_url', 'cron_job_name', 'delivery_method', 'delivery_status', 'content_available', 'provider_item_id', 'signal_family', 'happened_on']);
    const plain = [...signals].sort(newestFirst).filter((signal) => !/^[=+\-@\t\r＝＋－＠]/.test(signal.headline) && signal.cron_job_name === 'Competitors');
    const body = rows.slice(1);
    expect(body).toHaveLength(signals.length);
    for (const signal of plain) expect(body).toContainEqual(rowOf(signal));
    expect(body.map((row) => row[10])).toEqual([...signals].sort(newestFirst).map((signal) => signal.pl_item_id));
  });

  it("neutralises cells a spreadsheet would run as a formula with a leading '", async () => {
    const { rows } = await exported();
    const byHeadline = (start: string) => rows.find((row) => row[3]!.includes(start))!;
    const formula = byHeadline('HYPERLINK');
    expect(formula[3]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(formula[4]).toBe("'+1 555 0100; @mention; -5% headcount");
    const tabbed = byHeadline('Tabbed');
    expect(tabbed[3]).toBe("'\tTabbed");
    expect(tabbed[4]).toBe("'\rCarriage");
    expect(tabbed[6]).toBe("'-Negative monitor");
    expect(tabbed[12]).toBe('');
    const wide = byHeadline('HYPERLINK("http://evil.example","wide")');
    expect(wide[3]).toBe(`'＝HYPERLINK("http://evil.example","wide")`);
    expect(wide[4]).toBe("'＋1 555 0100");
    expect(wide[6]).toBe("'－Wide monitor");
    expect(byHeadline('Wide mention')[3]).toBe("'＠Wide mention");
    expect(rows.slice(1).every((row) => row.every((cell) => !/^[=+\-@\t\r＝＋－＠]/.test(cell)))).toBe(true);
  });

  it("applies the list's filters, and ignores paging", async () => {
    const { rows } = await exported({ domain: 'globex.io', signal_type: 'news_events', limit: 1, offset: 3 });
    const expected = signals.filter((signal) => signal.domain === 'globex.io' && signal.signal_type === 'news_events').sort(newestFirst);
    expect(rows.slice(1).map((row) => row[10])).toEqual(expected.map((signal) => signal.pl_item_id));
    const byMonitor = await exported({ monitor_id: MONITOR, since: '2026-11-20' });
    expect(byMonitor.rows.slice(1).map((row) => row[10])).toEqual(
      signals.filter((signal) => signal.cron_job_id === MONITOR && signal.fired_at >= '2026-11-20').sort(newestFirst).map((signal) => signal.pl_item_id),
    );
    const none = await exported({ family: 'mna' });
    expect(none.rows).toEqual([[...SIGNAL_EXPORT_COLUMNS]]);
  });

  it('refuses bad filters with 422 in the envelope, before any CSV', async () => {
    for (const query of [{ family: 'weather' }, { until: '2026-02-30' }, { since: '2026-11-24', until: '2026-11-01' }, { monitor_id: 'x' }]) {
      const { status, detail } = await api.error('/signals/export', query);
      expect(status).toBe(422);
      expect(detail.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a day of year 0 with 422 naming the field instead of an empty export', async () => {
    for (const [field, day] of [['since', '0000-01-01'], ['until', '0000-12-31']] as const) {
      const { status, detail } = await api.error('/signals/export', { [field]: day });
      expect(status).toBe(422);
      expect(detail.message).toContain(`query field "${field}": must be a day from 0001-01-01 to 9999-12-31`);
    }
  });

  it("exports only the caller's workspace", async () => {
    const { rows } = await exported({ since: '2026-11-24' });
    expect(rows.slice(1).map((row) => row[10]).sort()).toEqual(signals.filter((signal) => signal.fired_at >= '2026-11-24').map((signal) => signal.pl_item_id).sort());
  });
});

describe('GET /signals/export of many signals: backpressure and a client that goes away', () => {
  let harness: SignalIngestHarness;
  let api: ReadApi;
  let databaseName: string;

  beforeAll(async () => {
    harness = await startSignalIngest('http://127.0.0.1:9', { clock: () => NOW });
    api = readApi(harness.service.urls.main!);
    databaseName = new URL(harness.service.databaseUrl!).pathname.slice(1);
    // 40,000 signals of about 300 bytes each: far more than the sockets between server and client buffer.
    const batch = (offset: number) =>
      Array.from({ length: 2_000 }, (_, index) => aSignal({ firedAt: new Date(NOW.getTime() - (offset + index) * 60_000), headline: `Signal ${offset + index} ${'x'.repeat(150)}` }));
    for (let offset = 0; offset < 40_000; offset += 2_000) await recordSignals(harness.pool, api.workspaceId, batch(offset));
  }, 120_000);
  afterAll(() => harness.close());

  /** The export's database session while its query runs (the cursor open), if it does. */
  const exportSession = async () => {
    const { rows } = await harness.pool.query<{ state: string }>(
      `SELECT state FROM pg_stat_activity
       WHERE datname = $1 AND application_name = 'radar-signal-ingest' AND query LIKE 'SELECT to_char(s.fired_at%' AND state <> 'idle'`,
      [databaseName],
    );
    return rows[0];
  };

  it('streams every row of a large export in order', async () => {
    const response = await api.get('/signals/export');
    const rows = await csvOf(response);
    expect(rows).toHaveLength(40_001);
    expect(rows[1]![3]).toMatch(/^Signal 0 /);
    expect(rows[40_000]![3]).toMatch(/^Signal 39999 /);
  }, 60_000);

  it('reads no further than the client takes, and ends the query when the client disconnects', async () => {
    const request = http.get(new URL(`${harness.service.urls.main!}/signals/export`), { headers: api.headers });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
      expect(response.statusCode).toBe(200);
      response.pause();
      await eventually(async () => (await exportSession()) !== undefined, 'the export query to start', 5_000);
      // The client reads nothing: read without pause, 40,000 rows take well under a second, after
      // which the query would end. It stays open, the cursor waiting for the client.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await exportSession()).toBeDefined();
    } finally {
      request.destroy();
    }
    await eventually(async () => (await exportSession()) === undefined, 'the export query to end', 5_000);
    expect(await exportSession()).toBeUndefined();
    const { rows } = await harness.pool.query<{ open: string }>(`SELECT count(*) AS open FROM pg_stat_activity WHERE datname = $1 AND state LIKE 'idle in transaction%'`, [databaseName]);
    expect(Number(rows[0]!.open)).toBe(0);
  }, 30_000);
});
