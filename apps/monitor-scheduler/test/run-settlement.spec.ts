import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { SignalType } from '@radar/contracts';
import { createPool, inTransaction } from '@radar/platform/database';
import { createTestDatabase, type TestDatabase } from '@radar/platform/testing';
import { addRunCounts, markChecksRequested, queuedChecks, type CheckCompletion } from '../src/data/check-progress.repository';
import { addDomains, findMonitor, insertMonitor } from '../src/data/monitor.repository';
import { findRun, type RunRecord } from '../src/data/run.repository';
import { skipForCredits } from '../src/use-cases/runs/dispatch-run';
import { openRun } from '../src/use-cases/runs/open-monitor-run';
import { recordCheckOutcomes, recordRefund } from '../src/use-cases/runs/settle-checks';
import { settledStatus } from '../src/use-cases/runs/settle-run';

const RUN_DATE = '2026-11-20';

describe('a run settles from its counters (use cases against PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: Pool;
  const now = () => new Date();
  beforeAll(async () => {
    database = await createTestDatabase('monitor_run_settlement', path.join(__dirname, '../prisma/migrations'));
    pool = createPool(database.url, { max: 12 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  /** An active monitor of a fresh workspace watching `domains`, with its run of RUN_DATE open and its first `requested` checks charged. */
  async function openedRun(domains: string[], requested: number, signalTypes: SignalType[] = ['news_events']) {
    const workspaceId = randomUUID();
    const monitorId = randomUUID();
    const at = now();
    const run = await inTransaction(pool, async (db) => {
      await insertMonitor(db, workspaceId, {
        id: monitorId,
        createdBy: null,
        name: 'Settlement',
        signalTypes,
        deliveryMethod: 'email',
        webhookId: null,
        jobOpeningFilters: { title_keyword: null, seniority: [], categories: [] },
        listId: null,
        listName: null,
        slackConnectionId: null,
        slackChannel: null,
        status: 'active',
        createdAt: at,
      });
      await addDomains(db, workspaceId, monitorId, domains, at);
      const monitor = (await findMonitor(db, workspaceId, monitorId))!;
      return openRun(db, monitor, RUN_DATE, at);
    });
    const checks = await queuedChecks(pool, workspaceId, run.id, requested);
    await inTransaction(pool, async (db) => {
      const marked = await markChecksRequested(db, workspaceId, run.id, checks.map((check) => check.id), at);
      await addRunCounts(db, workspaceId, run.id, { charged: marked.length });
    });
    return { workspaceId, monitorId, run, checks };
  }

  const answer = (world: { workspaceId: string; monitorId: string; run: RunRecord }, checkId: string, status: CheckCompletion['status']): CheckCompletion => ({
    checkId,
    runId: world.run.id,
    workspaceId: world.workspaceId,
    monitorId: world.monitorId,
    status,
    errorCode: status === 'success' ? null : 'PROVIDER_FAILED',
    itemsFetched: 1,
    itemsNew: 1,
    itemsPushed: status === 'success' ? 1 : 0,
    startedAt: new Date().toISOString(),
    completedAt: new Date().toISOString(),
  });

  const runNow = async (world: { workspaceId: string; monitorId: string; run: RunRecord }) => (await findRun(pool, world.workspaceId, world.monitorId, world.run.id))!;
  const completedEvents = async (runId: string) =>
    (
      await pool.query<{ payload: { status: string } }>("SELECT payload FROM outbox_events WHERE subject = 'monitor.run.completed' AND payload->>'runId' = $1", [
        runId,
      ])
    ).rows.map((row) => row.payload.status);

  it('names the status from the counters: every check made is success, none made and none skipped is failed, anything else partial', () => {
    expect(settledStatus({ domainsTotal: 3, domainsProcessed: 3, domainsSkippedCredits: 0 })).toBe('success');
    expect(settledStatus({ domainsTotal: 3, domainsProcessed: 0, domainsSkippedCredits: 0 })).toBe('failed');
    expect(settledStatus({ domainsTotal: 3, domainsProcessed: 2, domainsSkippedCredits: 0 })).toBe('partial');
    expect(settledStatus({ domainsTotal: 3, domainsProcessed: 0, domainsSkippedCredits: 3 })).toBe('partial');
    expect(settledStatus({ domainsTotal: 0, domainsProcessed: 0, domainsSkippedCredits: 0 })).toBe('success');
  });

  it('settles a run with a failed check as partial once the refund is recorded, and announces it once', async () => {
    const world = await openedRun(['a.example', 'b.example'], 2);
    const [made, failed] = world.checks;
    await recordCheckOutcomes({ pool, now }, [answer(world, made!.id, 'success'), answer(world, failed!.id, 'error_pl')]);
    // The failed check stays open until its credit is back.
    expect((await runNow(world)).status).toBe('running');
    expect(await completedEvents(world.run.id)).toEqual([]);

    await recordRefund({ pool, now }, { id: failed!.id, workspaceId: world.workspaceId });
    const settled = await runNow(world);
    expect(settled).toMatchObject({ status: 'partial', domainsProcessed: 1, domainsFailed: 1, creditsRefunded: 1, checksOpen: 0 });
    expect(settled.completedAt).not.toBeNull();
    expect(await completedEvents(world.run.id)).toEqual(['partial']);
    expect((await findMonitor(pool, world.workspaceId, world.monitorId))?.lastRunStatus).toBe('partial');

    // A refund recorded again changes nothing and announces nothing more.
    await recordRefund({ pool, now }, { id: failed!.id, workspaceId: world.workspaceId });
    expect(await completedEvents(world.run.id)).toEqual(['partial']);
  });

  it('settles a run whose every check failed as failed', async () => {
    const world = await openedRun(['a.example'], 1);
    await recordCheckOutcomes({ pool, now }, [answer(world, world.checks[0]!.id, 'error_other')]);
    await recordRefund({ pool, now }, { id: world.checks[0]!.id, workspaceId: world.workspaceId });
    expect((await runNow(world)).status).toBe('failed');
    expect(await completedEvents(world.run.id)).toEqual(['failed']);
  });

  it('pauses the monitor when credits run out, and settles the run partial once its charged checks are answered', async () => {
    const world = await openedRun(['a.example', 'b.example', 'c.example'], 1);
    expect(await skipForCredits({ pool, now }, { ...world.run, workspaceId: world.workspaceId })).toBe(2);
    const paused = await findMonitor(pool, world.workspaceId, world.monitorId);
    expect(paused).toMatchObject({ status: 'paused_no_credits', lastError: expect.stringContaining('2 checks skipped') });
    expect((await runNow(world)).status).toBe('running');

    await recordCheckOutcomes({ pool, now }, [answer(world, world.checks[0]!.id, 'success')]);
    expect(await runNow(world)).toMatchObject({ status: 'partial', domainsProcessed: 1, domainsSkippedCredits: 2, checksOpen: 0 });
    expect(await completedEvents(world.run.id)).toEqual(['partial']);
  });

  it('settles partial at once when credits ran out before any check was charged', async () => {
    const world = await openedRun(['a.example', 'b.example'], 0);
    await skipForCredits({ pool, now }, { ...world.run, workspaceId: world.workspaceId });
    expect(await runNow(world)).toMatchObject({ status: 'partial', domainsSkippedCredits: 2, domainsProcessed: 0 });
    expect(await completedEvents(world.run.id)).toEqual(['partial']);
  });

  it('settles a run once when its last answers commit concurrently', async () => {
    const domains = Array.from({ length: 12 }, (_, index) => `d${index}.example`);
    const world = await openedRun(domains, 24, ['news_events', 'job_openings']);
    expect(world.checks).toHaveLength(24);
    // Each answer in its own transaction, all at once: several may see the run with nothing
    // else open, and exactly one may end it.
    await Promise.all(world.checks.map((check) => recordCheckOutcomes({ pool, now }, [answer(world, check.id, 'success')])));
    expect(await runNow(world)).toMatchObject({ status: 'success', domainsProcessed: 24, newItemsTotal: 24, checksOpen: 0 });
    expect(await completedEvents(world.run.id)).toEqual(['success']);
  });
});
