import { randomUUID } from 'node:crypto';
import { radarAgainstFakeOperator as radar } from '../testing/fake-operator';

const WORKSPACE = randomUUID();
const LIST = randomUUID();
const MONITOR = randomUUID();

const aMonitor = {
  id: MONITOR,
  workspace_id: WORKSPACE,
  created_by: null,
  name: 'Key accounts',
  signal_types: ['news_events'],
  delivery_method: 'email',
  webhook_id: null,
  job_opening_filters: { title_keyword: null, seniority: [], categories: [] },
  list_id: LIST,
  list_name: 'Accounts',
  slack_connection_id: null,
  slack_channel: null,
  status: 'active',
  last_run_at: null,
  last_run_status: null,
  last_error: null,
  domains: [{ domain: 'acme.com', added_at: '2026-11-24T10:00:00.000Z' }],
  estimated_daily_cost: 1,
  recent_runs: [],
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

const aRun = {
  id: randomUUID(),
  monitor_id: MONITOR,
  run_date: '2026-11-20',
  status: 'success',
  started_at: '2026-11-24T10:00:00.000Z',
  completed_at: '2026-11-24T10:00:02.000Z',
  domains_total: 1,
  domains_processed: 1,
  domains_skipped_credits: 0,
  domains_failed: 0,
  credits_charged: 1,
  credits_refunded: 0,
  new_items_total: 0,
};

describe('radar monitor follow-list', () => {
  it('posts the list to follow to monitor-scheduler and prints the monitor', async () => {
    const run = await radar(
      ['monitor', 'follow-list', '--workspace', WORKSPACE, '--list', LIST, '--name', 'Key accounts', '--signal-types', 'news_events, financing_events'],
      aMonitor,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(aMonitor);
    expect(run.sent).toEqual([
      {
        url: 'http://127.0.0.1:8081/operator/v1/monitors/follow-list',
        method: 'POST',
        body: { workspace_id: WORKSPACE, list_id: LIST, name: 'Key accounts', signal_types: ['news_events', 'financing_events'] },
      },
    ]);
  });

  it.each([
    [['--list', LIST, '--name', 'n', '--signal-types', 'news_events'], '--workspace'],
    [['--workspace', WORKSPACE, '--list', 'not-a-list', '--name', 'n', '--signal-types', 'news_events'], '--list'],
    [['--workspace', WORKSPACE, '--list', LIST, '--name', 'n', '--signal-types', 'tweets'], '--signal-types'],
  ])('refuses %j as a USAGE_ERROR naming %s, without calling the server', async (flags, flag) => {
    const run = await radar(['monitor', 'follow-list', ...flags], aMonitor);
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining(flag) });
    expect(run.sent).toEqual([]);
  });
});

describe('radar monitors run', () => {
  it('runs the day (and monitor) given and prints {runs}', async () => {
    const run = await radar(['monitors', 'run', '--date', '2026-11-20', '--monitor', MONITOR], { runs: [aRun] });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ runs: [aRun] });
    expect(run.sent).toEqual([{ url: 'http://127.0.0.1:8081/operator/v1/monitors/run', method: 'POST', body: { date: '2026-11-20', monitor_id: MONITOR } }]);
  });

  it('runs today for every monitor without flags', async () => {
    const run = await radar(['monitors', 'run'], { runs: [] });
    expect(run.code).toBe(0);
    expect(run.sent[0]?.body).toEqual({});
  });

  it.each([
    [['--date', '20-11-2026'], '--date'],
    [['--date', '2026-02-30'], '--date'],
    [['--monitor', 'm1'], '--monitor'],
  ])('refuses %j as a USAGE_ERROR naming %s', async (flags, flag) => {
    const run = await radar(['monitors', 'run', ...flags], { runs: [] });
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining(flag) });
  });
  it.each(['0000-01-01', '0000-12-31', '0000-02-29'])('refuses --date %s (year 0) with the contract\'s error naming --date, asking nothing of the service', async (day) => {
    const run = await radar(['monitors', 'run', '--date', day], { runs: [] });
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining('--date') });
    expect(run.error().message).toContain('must be a day from 0001-01-01 to 9999-12-31');
    expect(run.sent).toEqual([]);
  });
});
