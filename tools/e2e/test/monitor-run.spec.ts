import { generateCompany } from '@radar/dataset';
import { createUser, createToken, workspaceWithToken } from '../src/operator-world';
import { callApi, getCredits } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

interface RunSummary {
  id: string;
  monitor_id: string;
  run_date: string;
  status: string;
  domains_total: number;
  domains_processed: number;
  domains_skipped_credits: number;
  domains_failed: number;
  credits_charged: number;
  credits_refunded: number;
  new_items_total: number;
}

interface RunDetail extends RunSummary {
  run_domains: { domain: string; signal_type: string; status: string; error_code: string | null; items_fetched: number; credit_charged: boolean; credit_refunded: boolean }[];
}

interface Monitor {
  id: string;
  status: string;
  list_id: string | null;
  last_run_status: string | null;
  domains: { domain: string }[];
  recent_runs?: RunSummary[];
}

/** Companies of the stack provider's dataset (seed 1): the provider has their events. */
const QUIET = generateCompany(1, 32);
const FLAKY = generateCompany(1, 33);

const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

function expectCountersConsistent(run: RunSummary): void {
  expect(run.domains_total).toBe(run.domains_processed + run.domains_skipped_credits + run.domains_failed);
  expect(run.credits_charged).toBe(run.domains_processed + run.domains_failed);
  expect(run.credits_refunded).toBe(run.domains_failed);
}

describe('a monitor run through the stack: gateway, monitor-scheduler, ledger, signal-ingest and provider-sim', () => {
  const stack = useStack();
  let token: string;
  let workspaceId: string;
  let monitor: Monitor;

  beforeAll(async () => {
    const world = await workspaceWithToken(stack(), { credits: 100, scope: 'read' });
    workspaceId = world.workspace_id;
    token = (await createToken(stack(), world.owner_user_id, 'read_write')).token;
    const created = await callApi<Monitor>(stack(), 'POST', '/monitors', token, {
      name: 'Accounts to watch',
      signal_types: ['news_events', 'job_openings'],
      domains: [`https://www.${QUIET.domain}/`, FLAKY.domain],
    });
    expect(created.status).toBe(201);
    monitor = created.body;
  }, 60_000);

  it('charges each check before it is made, asks the provider through signal-ingest, and ends the run `success`', async () => {
    const { runs } = await radar<{ runs: RunSummary[] }>(stack(), 'monitors', 'run', '--monitor', monitor.id);
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run).toMatchObject({ monitor_id: monitor.id, run_date: daysAgo(0), status: 'success', domains_total: 4, credits_charged: 4, credits_refunded: 0 });
    expectCountersConsistent(run);

    const detail = await callApi<RunDetail>(stack(), 'GET', `/monitors/${monitor.id}/runs/${run.id}`, token);
    expect(detail.status).toBe(200);
    expect(detail.body.run_domains.map((check) => `${check.domain}/${check.signal_type}`)).toEqual([
      `${QUIET.domain}/news_events`,
      `${QUIET.domain}/job_openings`,
      `${FLAKY.domain}/news_events`,
      `${FLAKY.domain}/job_openings`,
    ]);
    expect(detail.body.run_domains.every((check) => check.status === 'success' && check.credit_charged)).toBe(true);
    expect(detail.body.run_domains.reduce((sum, check) => sum + check.items_fetched, 0)).toBeGreaterThan(0);
    expect(run.new_items_total).toBeGreaterThan(0);

    const credits = await getCredits(stack(), token);
    expect(credits.body.balance).toBe(96);
    const charges = credits.body.recent_transactions.filter((row) => row.reason === 'monitor_charge').map((row) => row.reference);
    expect(charges.sort()).toEqual(
      detail.body.run_domains.map((check) => `monitor:${monitor.id}:${run.run_date}:${check.domain}:${check.signal_type}`).sort(),
    );

    const after = await callApi<Monitor>(stack(), 'GET', `/monitors/${monitor.id}`, token);
    expect(after.body).toMatchObject({ status: 'active', last_run_status: 'success' });
    expect(after.body.recent_runs?.map((recent) => recent.id)).toEqual([run.id]);
  });

  it('prints the existing run for a day that has one, charging nothing', async () => {
    const before = (await getCredits(stack(), token)).body.balance;
    const { runs } = await radar<{ runs: RunSummary[] }>(stack(), 'monitors', 'run', '--monitor', monitor.id, '--date', daysAgo(0));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.run_date).toBe(daysAgo(0));
    expect((await getCredits(stack(), token)).body.balance).toBe(before);
  });

  it('refunds the checks the provider fails (monitor_refund) and ends the run `partial`', async () => {
    expect(await radar(stack(), 'provider', 'fail', '--domain', FLAKY.domain)).toEqual({ ok: true });
    try {
      const day = daysAgo(1);
      const { runs } = await radar<{ runs: RunSummary[] }>(stack(), 'monitors', 'run', '--monitor', monitor.id, '--date', day);
      const run = runs[0]!;
      expect(run).toMatchObject({ status: 'partial', domains_processed: 2, domains_failed: 2, credits_charged: 4, credits_refunded: 2 });
      expectCountersConsistent(run);
      const detail = await callApi<RunDetail>(stack(), 'GET', `/monitors/${monitor.id}/runs/${run.id}`, token);
      for (const check of detail.body.run_domains.filter((entry) => entry.domain === FLAKY.domain)) {
        expect(check).toMatchObject({ status: 'error_pl', credit_charged: true, credit_refunded: true });
      }
      const credits = await getCredits(stack(), token);
      expect(credits.body.balance).toBe(94);
      const refunds = credits.body.recent_transactions.filter((row) => row.reason === 'monitor_refund');
      expect(refunds.map((row) => row.reference).sort()).toEqual(
        ['job_openings', 'news_events'].map((type) => `monitor:${monitor.id}:${day}:${FLAKY.domain}:${type}:refund`),
      );
    } finally {
      await radar(stack(), 'provider', 'recover');
    }
  });

  it("follows a saved list with radar monitor follow-list, and runs over the list's companies", async () => {
    await radar(stack(), 'dataset', 'load', '--companies', '40', '--seed', '1');
    const picked = [generateCompany(1, 5), generateCompany(1, 6)];
    const { list_id: listId } = await radar<{ list_id: string }>(
      stack(),
      'list',
      'create',
      '--workspace',
      workspaceId,
      '--name',
      'Shortlist',
      '--company-ids',
      picked.map((company) => company.company_id).join(','),
    );
    const followed = await radar<Monitor>(stack(), 'monitor', 'follow-list', '--workspace', workspaceId, '--list', listId, '--name', 'Shortlist news', '--signal-types', 'news_events');
    expect(followed).toMatchObject({ list_id: listId, status: 'active' });
    expect(followed.domains.map((entry) => entry.domain).sort()).toEqual(picked.map((company) => company.domain).sort());

    const admin = await createUser(stack(), workspaceId, 'admin');
    const adminToken = (await createToken(stack(), admin, 'read_write')).token;
    const refused = await callApi<{ detail: { code: string } }>(stack(), 'POST', `/monitors/${followed.id}/domains`, adminToken, { domain: 'other.example' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail.code).toBe('DOMAINS_FOLLOW_LIST');

    const { runs } = await radar<{ runs: RunSummary[] }>(stack(), 'monitors', 'run', '--monitor', followed.id, '--date', daysAgo(2));
    expect(runs[0]).toMatchObject({ status: 'success', domains_total: 2, credits_charged: 2 });
  }, 120_000);
});
