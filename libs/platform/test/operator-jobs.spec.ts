import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { JobView } from '@radar/contracts';
import { createPool } from '../src/database';
import { AppError } from '../src/errors';
import { Router } from 'express';
import request from 'supertest';
import { createServiceApp } from '../src/http';
import { answerWithJob, jobKind, operatorJobRoutes, OperatorJobs, type JobContext, type OperatorJobsOptions } from '../src/jobs';
import { createTestDatabase, eventually, silentLogger, type TestDatabase } from '../src/testing';

const MIGRATIONS = path.join(__dirname, '../src/jobs/schema/migrations');
const FAST = { staleAfterMs: 400, sweepIntervalMs: 100, writeIntervalMs: 50 };

/** A job whose work counts to `to`, one unit per step the test releases. */
class Counter {
  private release: (() => void) | undefined;
  runs = 0;

  readonly kind = jobKind({
    unit: 'items',
    input: z.object({ to: z.number().int() }),
    run: async ({ to }: { to: number }, context: JobContext) => {
      this.runs += 1;
      for (let done = 0; done < to; done += 1) {
        context.progress(done, { total: to, phase: 'counting' });
        await new Promise<void>((resolve) => {
          this.release = resolve;
        });
        if (context.signal.aborted) throw new Error('stopped');
      }
      context.progress(to);
      return { counted: to };
    },
  });

  step(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}

describe('OperatorJobs', () => {
  let database: TestDatabase;
  let pool: Pool;
  const started: OperatorJobs[] = [];

  const jobs = (kinds: OperatorJobsOptions['kinds'], settings = FAST): OperatorJobs => {
    const instance = new OperatorJobs({ service: 'search', db: pool, logger: silentLogger(), kinds, settings });
    started.push(instance);
    return instance;
  };

  beforeAll(async () => {
    database = await createTestDatabase('platform_jobs', MIGRATIONS);
    pool = createPool(database.url, { max: 6 });
  });
  afterEach(async () => {
    for (const instance of started.splice(0)) await instance.stop();
    // Jobs a test left running would be taken over by the next test's sweeps.
    await pool.query('TRUNCATE operator_jobs');
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('answers a running job at once with an id naming its service, then reports rising progress and ends with the result', async () => {
    const counter = new Counter();
    const service = jobs({ count: counter.kind });
    const job = await service.start('count', { to: 3 });
    expect(job).toMatchObject({ id: expect.stringMatching(/^search\.[0-9a-f-]{36}$/), service: 'search', kind: 'count', status: 'running', input: { to: 3 } });

    const seen: number[] = [];
    for (let step = 0; step < 3; step += 1) {
      await eventually(async () => (await service.find(job.id)).progress.done === step, `progress ${step}`);
      seen.push((await service.find(job.id)).progress.done);
      counter.step();
    }
    await service.idle();
    const ended = await service.find(job.id);
    expect(seen).toEqual([0, 1, 2]);
    expect(ended).toMatchObject({ status: 'succeeded', result: { counted: 3 }, error: null, progress: { done: 3, total: 3, unit: 'items', eta_seconds: null } });
    expect(ended.finished_at).not.toBeNull();
  });

  it('estimates the rate and the time left while the work advances', async () => {
    const service = jobs({
      steady: jobKind({
        unit: 'items',
        input: z.object({}),
        run: async (_input: object, context: JobContext) => {
          for (let done = 0; done <= 20; done += 1) {
            context.progress(done, { total: 1000 });
            await sleep(50);
          }
          return {};
        },
      }),
    });
    const job = await service.start('steady', {});
    let measured: JobView | undefined;
    await eventually(async () => {
      measured = await service.find(job.id);
      return measured.progress.rate_per_second !== null && measured.progress.done >= 10;
    }, 'a measured rate');
    const { rate_per_second: rate, eta_seconds: eta, done } = measured!.progress;
    // 20 units a second, give or take the timers of a busy machine.
    expect(rate).toBeGreaterThan(5);
    expect(rate).toBeLessThan(40);
    expect(eta).toBe(Math.ceil((1000 - done) / rate!));
    await service.idle();
  });

  it('records a failure with the error code and message of the domain error', async () => {
    const service = jobs({
      refuse: jobKind({
        unit: 'items',
        input: z.object({}),
        run: async () => {
          throw new AppError('NOT_FOUND', 'No monitor with id m-1');
        },
      }),
    });
    const job = await service.start('refuse', {});
    await service.idle();
    expect(await service.find(job.id)).toMatchObject({ status: 'failed', error: { code: 'NOT_FOUND', message: 'No monitor with id m-1' }, result: null });
  });

  it('runs a job to its end in the same call, answering its result or throwing its own error, and lists it like any other', async () => {
    const service = jobs({
      echo: jobKind({ unit: 'items', input: z.object({ word: z.string() }), run: async ({ word }: { word: string }) => ({ echoed: word }) }),
      refuse: jobKind({
        unit: 'items',
        input: z.object({}),
        run: async () => {
          throw new AppError('VALIDATION_ERROR', 'no');
        },
      }),
    });
    expect(await service.run('echo', { word: 'hi' })).toEqual({ echoed: 'hi' });
    await expect(service.run('refuse', {})).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'no' });
    expect((await service.list(10)).map((job) => [job.kind, job.status])).toEqual([
      ['refuse', 'failed'],
      ['echo', 'succeeded'],
    ]);
  });

  it('lists jobs newest first and refuses ids of another service or unknown ones with NOT_FOUND', async () => {
    const counter = new Counter();
    const service = jobs({ count: counter.kind });
    const first = await service.start('count', { to: 0 });
    const second = await service.start('count', { to: 0 });
    await service.idle();
    const listed = (await service.list(100)).map((job) => job.id);
    expect(listed.indexOf(second.id)).toBeLessThan(listed.indexOf(first.id));
    await expect(service.find(first.id.replace('search.', 'ledger.'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.find('search.00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.find('nonsense')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows a job whose process stopped beating as interrupted, and another process takes it over and finishes it', async () => {
    const crashed = new Counter();
    const first = jobs({ count: crashed.kind });
    const job = await first.start('count', { to: 2 });
    await eventually(async () => (await first.find(job.id)).progress.total === 2, 'the first progress write');
    // The process "dies": it writes nothing more, and its last heartbeat grows old.
    await first.stop();
    await pool.query('UPDATE operator_jobs SET heartbeat_at = now() - interval \'1 hour\' WHERE id = $1', [job.id.slice('search.'.length)]);
    const reader = jobs({});
    expect((await reader.find(job.id)).status).toBe('interrupted');

    const resumed = new Counter();
    const second = jobs({ count: resumed.kind });
    second.begin();
    await eventually(async () => resumed.runs === 1, 'the take-over');
    expect((await second.find(job.id)).status).toBe('running');
    resumed.step();
    await eventually(async () => (await second.find(job.id)).progress.done === 1, 'the resumed job to advance');
    resumed.step();
    await eventually(async () => (await second.find(job.id)).status === 'succeeded', 'the resumed job to end');
    expect((await second.find(job.id)).result).toEqual({ counted: 2 });
    crashed.step();
  });

  it('hands its running jobs over on a graceful stop, so the next process resumes them at its first sweep', async () => {
    const stopping = new Counter();
    const first = jobs({ count: stopping.kind }, { ...FAST, staleAfterMs: 60_000 });
    const job = await first.start('count', { to: 1 });
    await eventually(async () => (await first.find(job.id)).progress.total === 1, 'the first progress write');
    await first.stop();
    stopping.step();

    const resumed = new Counter();
    const next = jobs({ count: resumed.kind }, { ...FAST, staleAfterMs: 60_000 });
    next.begin();
    await eventually(async () => resumed.runs === 1, 'the take-over');
    resumed.step();
    await eventually(async () => (await next.find(job.id)).status === 'succeeded', 'the resumed job to end');
  });

  it('takes each interrupted job over in one process only when two sweep at once', async () => {
    const idle = new Counter();
    const owner = jobs({ count: idle.kind }, { ...FAST, sweepIntervalMs: 60_000 });
    const job = await owner.start('count', { to: 1 });
    await eventually(async () => (await owner.find(job.id)).progress.total === 1, 'the first progress write');
    await owner.stop();

    const a = new Counter();
    const b = new Counter();
    jobs({ count: a.kind }, { ...FAST, sweepIntervalMs: 60_000 }).begin();
    jobs({ count: b.kind }, { ...FAST, sweepIntervalMs: 60_000 }).begin();
    await eventually(async () => a.runs + b.runs >= 1, 'a take-over');
    await sleep(200);
    expect(a.runs + b.runs).toBe(1);
    a.step();
    b.step();
    idle.step();
  });

  describe('over HTTP', () => {
    const app = (service: OperatorJobs) => {
      const router = Router();
      router.post('/echo', (req, res) => answerWithJob(req, res, service, 'echo', req.body as Record<string, unknown>));
      router.use(operatorJobRoutes(service));
      const mounted = Router();
      mounted.use('/operator/v1', router);
      return createServiceApp({ logger: silentLogger(), routes: mounted });
    };
    const echo = () => jobs({ echo: jobKind({ unit: 'items', input: z.object({ word: z.string() }), run: async ({ word }: { word: string }) => ({ echoed: word }) }) });

    it('answers 202 with the job and where to follow it when the caller prefers respond-async, and the result otherwise', async () => {
      const service = echo();
      const started = await request(app(service)).post('/operator/v1/echo').set('Prefer', 'respond-async').send({ word: 'later' });
      expect(started.status).toBe(202);
      expect(started.headers['preference-applied']).toBe('respond-async');
      expect(started.headers.location).toBe(`/operator/v1/jobs/${started.body.id}`);
      expect(started.body).toMatchObject({ kind: 'echo', status: 'running', input: { word: 'later' } });
      await service.idle();
      const followed = await request(app(service)).get(started.headers.location as string);
      expect(followed.body).toMatchObject({ status: 'succeeded', result: { echoed: 'later' } });

      const waited = await request(app(service)).post('/operator/v1/echo').send({ word: 'now' });
      expect(waited.status).toBe(200);
      expect(waited.body).toEqual({ echoed: 'now' });
    });

    it('lists jobs with a bounded limit and answers 404 for an unknown job', async () => {
      const service = echo();
      await service.run('echo', { word: 'a' });
      const listed = await request(app(service)).get('/operator/v1/jobs?limit=1');
      expect(listed.body).toMatchObject({ items: [{ kind: 'echo' }], unreachable: [] });
      expect((await request(app(service)).get('/operator/v1/jobs?limit=0')).status).toBe(422);
      const missing = await request(app(service)).get('/operator/v1/jobs/search.00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.body.detail.code).toBe('NOT_FOUND');
    });
  });
});
