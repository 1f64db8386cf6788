import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Subscription } from 'nats';
import { RPCS, type Caller, type CreditsResponse } from '@radar/contracts';
import { startSibling, type SiblingProcess } from '@radar/platform/testing';
import { recordChargeAttempt } from '../src/data/charge-attempts.repository';
import { claimJob, markJobCompleted, markJobFailed, releaseForRetry, renewLease, reportProgress } from '../src/data/export-jobs.repository';
import { exportTestEnv, useExportWorld } from './support/export-world';

/** The export world's API only: jobs are written by worker processes the tests start and kill. */
describe('the export worker', () => {
  const world = useExportWorld({ exportEnv: { EXPORT_ROLE: 'api' } });
  const workers: SiblingProcess[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop('SIGKILL')));
  });

  /** A worker process from the build, on the world's database, NATS namespace and S3 server. */
  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = await startSibling('export', {
      namespace: world().namespace,
      databaseUrl: world().service.databaseUrl,
      env: { ...exportTestEnv(world().s3), EXPORT_ROLE: 'worker', RUN_MIGRATIONS: 'false', ...env },
    });
    workers.push(worker);
    return worker;
  };

  const jobRow = async (exportId: string) =>
    (
      await world().deps.pool.query<{ status: string; processed_records: number; attempts: number }>(
        'SELECT status, processed_records, attempts FROM export_jobs WHERE id = $1',
        [exportId],
      )
    ).rows[0]!;

  const transactionsOf = (credits: CreditsResponse, exportId: string) =>
    credits.recent_transactions.filter((t) => t.reference.startsWith(`export:${exportId}:`)).map((t) => [t.reason, t.reference, t.amount]);

  /** Core NATS sees JetStream's messages too: the events an export published, by subject. */
  const listen = (subject: string) => {
    const received: unknown[] = [];
    const subscription: Subscription = world().client.connection.subscribe(`${world().namespace}${subject}`, {
      callback: (_error, message) => received.push(JSON.parse(Buffer.from(message.data).toString('utf8'))),
    });
    return { received, stop: () => subscription.unsubscribe() };
  };

  it('finishes a job whose worker was killed (SIGKILL) in the middle, with one charge and a complete file', async () => {
    const caller = await world().workspace(2_000);
    const expected = await world().searchIds(caller, {}, 2_000);
    const first = await startWorker({ EXPORT_BATCH_SIZE: '5' });
    const created = await world().create(caller, { name: 'killed', search_filters: {} });
    expect(created.status).toBe(201);
    const exportId = created.body.export_job.id as string;

    const deadline = Date.now() + 20_000;
    while ((await jobRow(exportId)).processed_records < 50) {
      if (Date.now() > deadline) throw new Error(`the job never got going:\n${first.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const stopped = await jobRow(exportId);
    expect(stopped.status).toBe('processing');
    expect(stopped.processed_records).toBeLessThan(expected.length);

    await startWorker();
    const job = await world().finished(caller, exportId, 30_000);
    const transactions = transactionsOf(await world().credits(caller), exportId);
    if (job.status === 'completed') {
      expect(transactions).toEqual([['export_charge', `export:${exportId}:create`, -expected.length]]);
      const file = await (await fetch((await world().download(caller, exportId)).body.download_url)).text();
      const rows = parse(file, { columns: true }) as { company_id: string }[];
      expect(rows.map((row) => row.company_id)).toEqual(expected);
      expect((await jobRow(exportId)).attempts).toBe(2);
    } else {
      expect(transactions).toEqual([
        ['export_refund', `export:${exportId}:refund`, expected.length],
        ['export_charge', `export:${exportId}:create`, -expected.length],
      ]);
    }
  });

  it('shows processed_records rising while the job runs, up to total_records', async () => {
    const caller = await world().workspace(2_000);
    await startWorker({ EXPORT_BATCH_SIZE: '20' });
    const created = await world().create(caller, { name: 'progress', search_filters: {} });
    const exportId = created.body.export_job.id as string;
    const seen: number[] = [];
    for (;;) {
      const job = (await world().get(caller, `/exports/${exportId}`)).body;
      if (job.status === 'processing') seen.push(job.processed_records);
      if (job.status === 'completed') {
        expect(job.processed_records).toBe(job.total_records);
        break;
      }
      expect(job.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const total = created.body.requested_count as number;
    const between = new Set(seen.filter((value) => value > 0 && value < total));
    expect(between.size).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('retries while object storage is down, then fails: refunded in full, unlocks undone, events published', async () => {
    const caller = await world().workspace(1_000);
    const german = await world().searchIds(caller, { countries: ['Germany'] });
    const failed = listen('export.failed');
    const locked = listen('companies.locked');
    await startWorker({ EXPORT_MAX_ATTEMPTS: '3', EXPORT_RETRY_DELAYS_MS: '300' });
    await world().s3.stop();
    try {
      const created = await world().create(caller, { name: 'no storage', search_filters: { countries: ['Germany'] } });
      const exportId = created.body.export_job.id as string;
      expect((await world().preview(caller, { search_filters: { countries: ['Germany'] } })).body.already_unlocked).toBe(german.length);

      const job = await world().finished(caller, exportId, 30_000);
      expect(job).toMatchObject({ status: 'failed', credits_charged: german.length, credits_refunded: german.length, file_size_bytes: null });
      expect(job.failure_reason).toEqual(expect.any(String));
      expect((await jobRow(exportId)).attempts).toBe(3);

      const credits = await world().credits(caller);
      expect(credits.balance).toBe(1_000);
      expect(transactionsOf(credits, exportId)).toEqual([
        ['export_refund', `export:${exportId}:refund`, german.length],
        ['export_charge', `export:${exportId}:create`, -german.length],
      ]);
      // The companies it unlocked are locked again: exporting them would cost again.
      expect((await world().preview(caller, { search_filters: { countries: ['Germany'] } })).body).toMatchObject({
        already_unlocked: 0,
        new_count: german.length,
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(failed.received).toEqual([{ exportId, workspaceId: caller.workspaceId, reason: job.failure_reason, creditsRefunded: german.length }]);
      expect(locked.received).toEqual([{ exportId, workspaceId: caller.workspaceId, companyIds: expect.arrayContaining(german) }]);
      expect((await world().download(caller, exportId)).status).toBe(400);
    } finally {
      failed.stop();
      locked.stop();
      await world().s3.restart();
    }
  });

  it('completes once storage is back before the attempts run out, charging once and refunding nothing', async () => {
    const caller = await world().workspace(1_000);
    await startWorker({ EXPORT_MAX_ATTEMPTS: '5', EXPORT_RETRY_DELAYS_MS: '500' });
    await world().s3.stop();
    let exportId: string;
    try {
      const created = await world().create(caller, { name: 'storage flaps', search_filters: { countries: ['France'] } });
      exportId = created.body.export_job.id;
      const deadline = Date.now() + 15_000;
      while ((await jobRow(exportId)).attempts < 2) {
        if (Date.now() > deadline) throw new Error('no retry happened');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await world().s3.restart();
    }
    const job = await world().finished(caller, exportId, 30_000);
    expect(job.status).toBe('completed');
    expect(job.credits_refunded).toBe(0);
    expect(transactionsOf(await world().credits(caller), exportId)).toEqual([['export_charge', `export:${exportId}:create`, -job.credits_charged]]);
  });

  it('refunds a charge whose export was never created (a charge attempt left behind)', async () => {
    const caller = await world().workspace(100);
    const exportId = randomUUID();
    // What a create leaves when its database goes away between the ledger's answer and its commit.
    await recordChargeAttempt(world().deps.pool, caller.workspaceId, exportId);
    await world().client.request(RPCS.ledger.charge, { workspaceId: caller.workspaceId, amount: 7, reason: 'export_charge', reference: `export:${exportId}:create` });
    expect((await world().credits(caller)).balance).toBe(93);
    await startWorker();
    const deadline = Date.now() + 15_000;
    while ((await world().credits(caller)).balance !== 100) {
      if (Date.now() > deadline) throw new Error('the stale charge was not refunded');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(transactionsOf(await world().credits(caller), exportId)).toEqual([
      ['export_refund', `export:${exportId}:refund`, 7],
      ['export_charge', `export:${exportId}:create`, -7],
    ]);
    expect((await world().deps.pool.query('SELECT 1 FROM charge_attempts WHERE export_id = $1', [exportId])).rowCount).toBe(0);
    expect((await world().get(caller, `/exports/${exportId}`)).status).toBe(404);
  });

  it('drops a charge attempt that charged nothing (the create failed before the ledger answered)', async () => {
    const caller = await world().workspace(100);
    const exportId = randomUUID();
    await recordChargeAttempt(world().deps.pool, caller.workspaceId, exportId);
    await startWorker();
    const deadline = Date.now() + 15_000;
    while ((await world().deps.pool.query('SELECT 1 FROM charge_attempts WHERE export_id = $1', [exportId])).rowCount !== 0) {
      if (Date.now() > deadline) throw new Error('the charge attempt was not dropped');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(transactionsOf(await world().credits(caller), exportId)).toEqual([]);
    expect((await world().credits(caller)).balance).toBe(100);
  });

  it('lets only one worker hold a job: a second claim fails, and an attempt that lost its lease can no longer write', async () => {
    const caller = await world().workspace(1_000);
    const created = await world().create(caller, { name: 'claimed', search_filters: { countries: ['Spain'] } });
    const exportId = created.body.export_job.id as string;
    const { pool } = world().deps;
    const [a, b] = [randomUUID(), randomUUID()];

    const claimedByA = await claimJob(pool, exportId, a, 300);
    expect(claimedByA?.attempts).toBe(1);
    expect(await claimJob(pool, exportId, b, 300)).toBeNull();
    const leaseA = { exportId, owner: a, attempt: 1 };
    expect(await reportProgress(pool, leaseA, 10, 300)).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 400));
    const claimedByB = await claimJob(pool, exportId, b, 60_000);
    expect(claimedByB?.attempts).toBe(2);
    expect(await reportProgress(pool, leaseA, 20, 300)).toBe(false);
    expect(await renewLease(pool, leaseA, 300)).toBe(false);
    expect(await markJobCompleted(pool, leaseA, { objectKey: 'x', sizeBytes: 1, records: 1 })).toBe(false);
    expect(await releaseForRetry(pool, leaseA, 0, 'stale')).toBe(false);
    expect(await markJobFailed(pool, leaseA, { reason: 'stale', creditsRefunded: 0 })).toBe(false);
    expect((await jobRow(exportId)).status).toBe('processing');
  });

  it('takes up a job created while no worker ran, with two workers writing it once', async () => {
    const caller: Caller = await world().workspace(1_000);
    const completed = listen('export.completed');
    const created = await world().create(caller, { name: 'two workers', search_filters: { countries: ['Italy'] } });
    const exportId = created.body.export_job.id as string;
    await Promise.all([startWorker(), startWorker()]);
    const job = await world().finished(caller, exportId, 30_000);
    expect(job.status).toBe('completed');
    expect((await jobRow(exportId)).attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(completed.received.filter((event) => (event as { exportId: string }).exportId === exportId)).toHaveLength(1);
    completed.stop();
  });
});
