import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, type Pool } from 'pg';
import { createPool } from '../src/database';
import { jobLockKey, SingleRunner, type Leadership } from '../src/single-runner';
import { createTestDatabase, eventually, type TestDatabase } from '../src/testing';

const JOB = 'monitor-scheduler.daily-digest';

let database: TestDatabase;
let noMigrations: string;
const cleanups: (() => Promise<unknown> | void)[] = [];

beforeAll(async () => {
  noMigrations = await mkdtemp(path.join(tmpdir(), 'radar-no-migrations-'));
  database = await createTestDatabase('platform_single_runner', noMigrations);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await database.drop();
  await rm(noMigrations, { recursive: true, force: true });
});

/** One replica: its own pool (so its own sessions), as each replica of a service has. */
function aReplica(options: { max?: number } = {}): { runner: SingleRunner; pool: Pool } {
  const pool = createPool(database.url, { max: options.max ?? 2 });
  cleanups.push(() => pool.end());
  return { runner: new SingleRunner({ pool, heartbeatMs: 1_000 }), pool };
}

function leading(leadership: Leadership): Leadership {
  cleanups.push(() => leadership.stop());
  return leadership;
}

async function sql<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The backends holding an advisory lock in the test database. */
const advisoryLockHolders = async (): Promise<number[]> =>
  (
    await sql<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    )
  ).map((row) => row.pid);

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('runExclusive', () => {
  it('runs a job in exactly one of two replicas that start it at the same moment; the other skips it', async () => {
    const release = gate();
    let runs = 0;
    const work = async () => {
      runs += 1;
      await release.opened;
      return 'digest sent';
    };
    const settled: unknown[] = [];
    const attempts = [aReplica().runner, aReplica().runner].map((runner) =>
      runner.runExclusive(JOB, work).then((outcome) => {
        settled.push(outcome);
        return outcome;
      }),
    );

    // The skipping replica answers while the running one is still inside the job.
    await eventually(() => settled.length === 1 && runs === 1, 'one run and one skip');
    expect(settled).toEqual([{ ran: false }]);
    release.open();

    expect(await Promise.all(attempts)).toEqual(expect.arrayContaining([{ ran: true, result: 'digest sent' }, { ran: false }]));
    expect(runs).toBe(1);
    expect(await advisoryLockHolders()).toEqual([]);
  });

  it('lets jobs of different names run at the same time', async () => {
    const release = gate();
    const { runner } = aReplica();
    const started: string[] = [];
    const run = (job: string) =>
      runner.runExclusive(job, async () => {
        started.push(job);
        await release.opened;
      });

    const both = Promise.all([run('signal-ingest.daily-import'), run('signal-ingest.daily-cleanup')]);
    await eventually(() => started.length === 2, 'both jobs started');
    release.open();
    expect(await both).toEqual([{ ran: true, result: undefined }, { ran: true, result: undefined }]);
  });

  it('releases the job when the work throws, rethrows the error, and returns a connection that holds no lock', async () => {
    const { runner, pool } = aReplica({ max: 1 });

    await expect(
      runner.runExclusive(JOB, async () => {
        throw new Error('mail server down');
      }),
    ).rejects.toThrow('mail server down');

    expect(await advisoryLockHolders()).toEqual([]);
    expect(await aReplica().runner.runExclusive(JOB, async () => 'retried elsewhere')).toEqual({ ran: true, result: 'retried elsewhere' });
    // The one pooled connection went back to the pool and serves the next run.
    expect(await runner.runExclusive(JOB, async () => 'retried here')).toEqual({ ran: true, result: 'retried here' });
    expect(pool.totalCount).toBe(1);
  });

  it('aborts the work and frees the job at once when the holding session is terminated', async () => {
    const first = aReplica();
    let holderSignal: AbortSignal | undefined;
    const held = first.runner.runExclusive(JOB, async (signal) => {
      holderSignal = signal;
      await once(signal, 'abort');
      return 'stopped early';
    });
    const [pid] = await eventually(async () => {
      const holders = await advisoryLockHolders();
      return holders.length === 1 ? holders : undefined;
    }, 'the job to be held');
    expect(await aReplica().runner.runExclusive(JOB, async () => 'too soon')).toEqual({ ran: false });

    await sql('SELECT pg_terminate_backend($1)', [pid]);

    expect(await held).toEqual({ ran: true, result: 'stopped early' });
    expect(holderSignal?.aborted).toBe(true);
    expect(await aReplica().runner.runExclusive(JOB, async () => 'taken over')).toEqual({ ran: true, result: 'taken over' });
    // The pool dropped the terminated connection instead of handing it out again.
    expect(await first.runner.runExclusive(JOB, async () => 'back again')).toEqual({ ran: true, result: 'back again' });
  });

  it('frees the job when the process holding it is killed', async () => {
    const holder: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures/hold-job.ts'), database.url, JOB], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => void holder.kill('SIGKILL'));
    let output = '';
    holder.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(() => output.includes('running'), 'the child process to hold the job', 20_000);
    const { runner } = aReplica();
    expect(await runner.runExclusive(JOB, async () => 'too soon')).toEqual({ ran: false });

    holder.kill('SIGKILL');
    await once(holder, 'exit');

    // PostgreSQL ends the dead process's session when its socket closes: no timeout to wait out.
    const startedAt = Date.now();
    const outcome = await eventually(async () => {
      const attempt = await runner.runExclusive(JOB, async () => 'taken over');
      return attempt.ran ? attempt : undefined;
    }, 'another replica to run the job');
    expect(outcome).toEqual({ ran: true, result: 'taken over' });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  }, 40_000);
});

describe('holdWhileAlive', () => {
  it('gives the job to one replica and hands it to another within a retry period when the holder is terminated', async () => {
    const terms: { replica: string; signal: AbortSignal }[] = [];
    const lead = (replica: string) => (signal: AbortSignal) => void terms.push({ replica, signal });
    const first = leading(aReplica().runner.holdWhileAlive(JOB, lead('first'), { retryEveryMs: 200 }));
    await eventually(() => first.isHolding(), 'the first replica to hold the job');
    const second = leading(aReplica().runner.holdWhileAlive(JOB, lead('second'), { retryEveryMs: 200 }));

    // Several retry periods pass without a second term.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(second.isHolding()).toBe(false);
    expect(terms.map((term) => term.replica)).toEqual(['first']);

    const [pid] = await advisoryLockHolders();
    await sql('SELECT pg_terminate_backend($1)', [pid]);

    await eventually(() => second.isHolding(), 'the second replica to take over');
    expect(terms[0]?.signal.aborted).toBe(true);
    expect(first.isHolding()).toBe(false);
    expect(terms.map((term) => term.replica)).toEqual(['first', 'second']);
    expect(terms[1]?.signal.aborted).toBe(false);
    // The first replica keeps trying and so stands by without taking the job back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(terms).toHaveLength(2);
  });

  it('releases the job on stop, aborting the term, so that a waiting replica takes it', async () => {
    const signals: AbortSignal[] = [];
    const first = aReplica().runner.holdWhileAlive(JOB, (signal) => void signals.push(signal), { retryEveryMs: 100 });
    await eventually(() => first.isHolding(), 'the first replica to hold the job');
    const second = leading(aReplica().runner.holdWhileAlive(JOB, () => undefined, { retryEveryMs: 100 }));

    await first.stop();

    expect(signals[0]?.aborted).toBe(true);
    expect(first.isHolding()).toBe(false);
    // Within a few retries: the lock was released, not left to die with an idle pooled connection.
    await eventually(() => second.isHolding(), 'the second replica to take over', 1_000);
  });

  it('releases the job when leading fails to start, and tries again later', async () => {
    let attempts = 0;
    const flaky = leading(
      aReplica().runner.holdWhileAlive(
        JOB,
        () => {
          attempts += 1;
          if (attempts === 1) throw new Error('schedule could not start');
        },
        { retryEveryMs: 100 },
      ),
    );

    await eventually(() => attempts === 2 && flaky.isHolding(), 'a second, successful term');
    expect(await advisoryLockHolders()).toHaveLength(1);
  });
});

describe('jobLockKey', () => {
  it('derives the same signed 64-bit key from a name every time, and different keys from different names', () => {
    const key = jobLockKey(JOB);
    expect(jobLockKey(JOB)).toBe(key);
    expect(jobLockKey('signal-ingest.daily-import')).not.toBe(key);
    expect(BigInt(key)).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(BigInt(key)).toBeLessThan(2n ** 63n);
    expect(() => jobLockKey(' ')).toThrow('A job name is required');
  });
});
