import request from 'supertest';
import { datasetLoadResultSchema, jobSchema, jobsPageSchema, stackStatusSchema } from '@radar/contracts';
import { radar, runRadar, startRadar } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';
import { eventually } from '@radar/platform/testing';

/** The progress lines radar wrote for a dataset load: each one's phase and companies done, in order. */
function progressOf(stderr: string): { phase: string; done: number; total: number }[] {
  return stderr
    .split('\n')
    .flatMap((line) => {
      const match = /^radar: search\.[0-9a-f-]+ dataset\.load: (\w+) ([\d,]+)\/([\d,]+) companies/.exec(line);
      return match ? [{ phase: match[1]!, done: Number(match[2]!.replace(/,/g, '')), total: Number(match[3]!.replace(/,/g, '')) }] : [];
    });
}

const lastJsonLine = (text: string): { error: { code: string; message: string } } => JSON.parse(text.trim().split('\n').at(-1) ?? '');

describe('operator experience: long work shows progress, the stack tells its health', () => {
  const stack = useStack();

  it('radar dataset load shows rising progress on stderr and ends with the same JSON as the load answers without a job', async () => {
    // radar reads the job every 500 ms: the load must last several readings on a fast machine too.
    const companies = 36_000;
    const run = await runRadar(stack(), ['dataset', 'load', '--companies', String(companies), '--seed', '3'], { RADAR_PROGRESS_INTERVAL_MS: '200' });
    expect(run.code).toBe(0);
    const printed = datasetLoadResultSchema.strict().parse(JSON.parse(run.stdout));
    expect(run.stdout).toBe(`${JSON.stringify(printed)}\n`);
    expect(printed.companies).toBe(companies);

    const progress = progressOf(run.stderr);
    const done = progress.map((line) => line.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBeGreaterThanOrEqual(3);
    expect(progress.every((line) => line.total === companies)).toBe(true);
    expect(progress.at(-1)).toEqual({ phase: 'succeeded', done: companies, total: companies });

    // The operator route answering in the call (no job), and radar with --json, print the same document.
    const direct = await request(stack().operatorUrl)
      .post('/operator/v1/dataset/load')
      .set('Authorization', `Bearer ${stack().operatorSecret}`)
      .send({ companies, seed: 3 });
    expect(direct.body).toEqual(printed);
    expect(await radar(stack(), 'dataset', 'load', '--companies', String(companies), '--seed', '3')).toEqual(printed);
  }, 240_000);

  it('Ctrl-C leaves the load running and says how to follow it; radar jobs show --follow follows it to the end', async () => {
    const load = startRadar(stack(), ['dataset', 'load', '--companies', '40000', '--seed', '4'], { RADAR_PROGRESS_INTERVAL_MS: '200' });
    await eventually(() => progressOf(load.stderr()).some((line) => line.phase === 'storing' && line.done > 0), 'the load to make progress', 120_000);
    load.child.kill('SIGINT');
    const interrupted = await load.ended;
    expect(interrupted.code).toBe(130);
    expect(interrupted.stdout).toBe('');
    const { error } = lastJsonLine(interrupted.stderr);
    expect(error.code).toBe('INTERRUPTED');
    const jobId = /job (search\.[0-9a-f-]{36}) goes on/.exec(error.message)?.[1];
    expect(jobId).toBeDefined();
    expect(error.message).toContain(`radar jobs show ${jobId} --follow`);
    expect(error.message).toContain('radar jobs list');

    const now = jobSchema.parse(await radar(stack(), 'jobs', 'show', jobId!));
    expect(now.status).toBe('running');
    expect(now.progress.done).toBeLessThan(40000);
    const listed = jobsPageSchema.parse(await radar(stack(), 'jobs', 'list'));
    expect(listed.items.map((job) => job.id)).toContain(jobId);

    const followed = await runRadar(stack(), ['jobs', 'show', jobId!, '--follow'], { RADAR_PROGRESS_INTERVAL_MS: '200' });
    expect(followed.code).toBe(0);
    const ended = jobSchema.parse(JSON.parse(followed.stdout));
    expect(ended).toMatchObject({ id: jobId, status: 'succeeded', progress: { done: 40000, total: 40000 } });
    expect(datasetLoadResultSchema.parse(ended.result).companies).toBe(40000);
    const done = progressOf(followed.stderr).map((line) => line.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(40000);
  }, 300_000);

  it('radar status reports every service, the infrastructure and the backlog, and exits 1 once a service is stopped', async () => {
    const healthy = await runRadar(stack(), ['status']);
    expect(healthy.code).toBe(0);
    expect(healthy.stderr).toBe('');
    const status = stackStatusSchema.parse(JSON.parse(healthy.stdout));
    expect(status.ok).toBe(true);
    expect(status.services.map((service) => [service.name, service.state])).toEqual(
      ['ledger', 'search', 'export', 'webhook-dispatch', 'provider-sim', 'signal-ingest', 'monitor-scheduler', 'mcp', 'gateway'].map((name) => [name, 'ready']),
    );
    for (const service of status.services) expect(service.version).toMatch(/^0\.1\.0/);
    expect(status.services.find((service) => service.name === 'search')?.data_version).toMatch(/^seed \d+, \d+ companies$/);
    expect(status.services.find((service) => service.name === 'provider-sim')?.data_version).toBe('seed 1, 100000 companies');
    expect(Object.fromEntries(status.infrastructure.map((entry) => [entry.name, entry.state]))).toEqual({
      postgresql: 'up',
      nats: 'up',
      redis: 'up',
      rabbitmq: 'up',
      object_storage: 'up',
    });
    expect(status.streams.length).toBeGreaterThan(0);
    expect(status.queues.map((queue) => queue.service)).toContain('webhook-dispatch');

    await stack().stopService('export');
    const degraded = await runRadar(stack(), ['status']);
    expect(degraded.code).toBe(1);
    const after = stackStatusSchema.parse(JSON.parse(degraded.stdout));
    expect(after.ok).toBe(false);
    expect(after.services.find((service) => service.name === 'export')).toMatchObject({ state: 'down', version: null });
    expect(after.infrastructure.find((entry) => entry.name === 'object_storage')?.state).toBe('unknown');
    expect(lastJsonLine(degraded.stderr).error).toEqual({ code: 'STACK_UNHEALTHY', message: 'Not healthy: export down' });
  }, 60_000);
});
