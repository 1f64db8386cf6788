import { randomUUID } from 'node:crypto';
import type { JobView, StackStatus } from '@radar/contracts';
import { runCli, type CliIo } from '../cli';

const SECRET = 'operator-secret-for-unit-tests-0123456789';
const totals = { companies: 3000, followed: 30, job_postings: 9000, events: 800 };

const aJob = (overrides: Partial<JobView> = {}, progress: Partial<JobView['progress']> = {}): JobView => ({
  id: `search.${randomUUID()}`,
  service: 'search',
  kind: 'dataset.load',
  status: 'running',
  input: { companies: 3000, seed: 1 },
  progress: { done: 0, total: 3000, unit: 'companies', phase: 'storing', rate_per_second: null, eta_seconds: null, ...progress },
  result: null,
  error: null,
  started_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  finished_at: null,
  ...overrides,
});

interface Sent {
  url: string;
  method: string;
  prefer?: string;
}

/**
 * `radar` against a fake operator interface: POSTs answer `started` (202 with a job, unless a
 * plain answer is given), each GET of the job answers the next of `states` (the last one again
 * once they run out).
 */
async function radar(argv: string[], fake: { started?: JobView; plain?: unknown; states?: JobView[]; status?: StackStatus; tty?: boolean; interruptAfterPolls?: number } = {}) {
  const sent: Sent[] = [];
  let stdout = '';
  let stderr = '';
  let interrupt: (() => void) | undefined;
  let polls = 0;
  const states = [...(fake.states ?? [])];
  const io: CliIo = {
    stdout: { write: (chunk: string) => (stdout += chunk), isTTY: fake.tty },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    env: () => ({ OPERATOR_SECRET: SECRET, RADAR_PROGRESS_INTERVAL_MS: '1' }),
    onInterrupt: (handler) => {
      interrupt = handler;
      return () => {
        interrupt = undefined;
      };
    },
    fetch: async (url, init) => {
      const headers = init.headers as Record<string, string>;
      sent.push({ url, method: String(init.method), prefer: headers.prefer });
      if (init.method === 'POST') return fake.plain === undefined ? Response.json(fake.started, { status: 202 }) : Response.json(fake.plain);
      if (url.endsWith('/status')) return Response.json(fake.status);
      if (url.includes('/jobs?') || url.endsWith('/jobs')) return Response.json({ items: states, unreachable: ['monitor-scheduler'] });
      polls += 1;
      if (fake.interruptAfterPolls === polls) interrupt?.();
      const next = states.length > 1 ? states.shift() : states[0];
      return next ? Response.json(next) : Response.json({ detail: { code: 'NOT_FOUND', message: 'No job' } }, { status: 404 });
    },
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr, sent, error: () => JSON.parse(stderr.trim().split('\n').at(-1) ?? '').error };
}

describe('radar dataset load as a job', () => {
  const started = aJob();
  const states = [
    { ...started, progress: { ...started.progress, done: 1000, rate_per_second: 500, eta_seconds: 4 } },
    { ...started, progress: { ...started.progress, done: 2000, rate_per_second: 500, eta_seconds: 2 } },
    { ...started, status: 'succeeded' as const, result: totals, progress: { ...started.progress, done: 3000 }, finished_at: '2026-11-24T10:00:06.000Z' },
  ];

  it('asks for the job at once, writes rising progress lines on stderr and prints the same result as before on stdout', async () => {
    const run = await radar(['dataset', 'load', '--companies', '3000'], { started, states });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify(totals)}\n`);
    expect(run.sent[0]).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:8081/operator/v1/dataset/load', prefer: 'respond-async' });
    expect(run.sent.slice(1).every((call) => call.url === `http://127.0.0.1:8081/operator/v1/jobs/${started.id}`)).toBe(true);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toBe(`radar: ${started.id} dataset.load: storing 0/3,000 companies (0%)`);
    expect(lines).toContain(`radar: ${started.id} dataset.load: storing 1,000/3,000 companies (33%), 500 companies/s, about 4 s left`);
    expect(lines.at(-1)).toBe(`radar: ${started.id} dataset.load: succeeded 3,000/3,000 companies (100%)`);
  });

  it('writes nothing but the result with --json', async () => {
    const run = await radar(['--json', 'dataset', 'load'], { started, states });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(totals);
  });

  it("prints a service's immediate answer as before when it ran the load in the call", async () => {
    const run = await radar(['dataset', 'load'], { plain: totals });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(totals);
  });

  it("fails with the job's own error when it failed", async () => {
    const failed = { ...started, status: 'failed' as const, error: { code: 'SERVICE_UNAVAILABLE', message: 'search database unavailable' } };
    const run = await radar(['dataset', 'load'], { started, states: [failed] });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.error()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'search database unavailable' });
  });

  it('stops following on Ctrl-C, leaving the job running, and says how to follow it (exit 130)', async () => {
    const run = await radar(['dataset', 'load'], { started, states: [states[0]!], interruptAfterPolls: 2 });
    expect(run.code).toBe(130);
    expect(run.stdout).toBe('');
    expect(run.error()).toEqual({ code: 'INTERRUPTED', message: expect.stringContaining(`radar jobs show ${started.id} --follow`) });
    expect(run.error().message).toContain('radar jobs list');
    // Nothing was sent to stop the job.
    expect(run.sent.filter((call) => call.method !== 'GET')).toHaveLength(1);
  });

  it('keeps waiting through an interrupted job until its service resumes it', async () => {
    const interrupted = { ...started, status: 'interrupted' as const };
    const run = await radar(['dataset', 'load'], { started, states: [interrupted, states[1]!, states[2]!] });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('interrupted (its service stopped; it resumes when the service is back)');
    expect(JSON.parse(run.stdout)).toEqual(totals);
  });
});

describe('radar jobs', () => {
  const job = aJob({ status: 'succeeded', result: totals }, { done: 3000 });

  it('show prints the job as it is now', async () => {
    const run = await radar(['jobs', 'show', job.id], { states: [job] });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(job);
    expect(run.sent).toEqual([{ url: `http://127.0.0.1:8081/operator/v1/jobs/${job.id}`, method: 'GET', prefer: undefined }]);
  });

  it('show --follow follows a running job to its end and prints it', async () => {
    const running = { ...job, status: 'running' as const, result: null, progress: { ...job.progress, done: 10 } };
    const run = await radar(['jobs', 'show', job.id, '--follow'], { states: [running, job] });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(job);
    expect(run.stderr).toContain('succeeded');
  });

  it('show --follow exits 1 with the error of a job that failed, after printing it', async () => {
    const failed = { ...job, status: 'failed' as const, result: null, error: { code: 'NOT_FOUND', message: 'No monitor with id m' } };
    const run = await radar(['jobs', 'show', job.id, '--follow'], { states: [failed] });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual(failed);
    expect(run.error()).toEqual({ code: 'NOT_FOUND', message: 'No monitor with id m' });
  });

  it('show refuses something that is not a job id, sending nothing', async () => {
    const run = await radar(['jobs', 'show', 'load-42']);
    expect(run.code).toBe(2);
    expect(run.error().message).toMatch(/^<job_id>: /);
    expect(run.sent).toEqual([]);
  });

  it('list asks for the latest jobs with the limit and prints them with the services that did not answer', async () => {
    const run = await radar(['jobs', 'list', '--limit', '5'], { states: [job] });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ items: [job], unreachable: ['monitor-scheduler'] });
    expect(run.sent[0]?.url).toBe('http://127.0.0.1:8081/operator/v1/jobs?limit=5');
    expect((await radar(['jobs', 'list', '--limit', '0'])).code).toBe(2);
  });
});

describe('radar status', () => {
  const healthy: StackStatus = {
    ok: true,
    checked_at: '2026-11-24T10:00:00.000Z',
    services: [
      { name: 'search', state: 'ready', version: '0.1.0+abc', data_version: 'seed 1, 100000 companies', failing: [], error: null },
      { name: 'gateway', state: 'ready', version: '0.1.0+abc', data_version: null, failing: [], error: null },
    ],
    infrastructure: [
      { name: 'postgresql', state: 'up', seen_by: ['search', 'gateway'], error: null },
      { name: 'rabbitmq', state: 'unknown', seen_by: [], error: null },
    ],
    streams: [
      { stream: 'MONITORS', consumer: 'signal-ingest-checks', pending: 12, ack_pending: 3 },
      { stream: 'IDENTITY', consumer: 'gateway-identity', pending: 0, ack_pending: 0 },
    ],
    queues: [{ service: 'webhook-dispatch', queue: 'delivery.webhook', messages: 0, consumers: 2 }],
  };
  const unhealthy: StackStatus = {
    ...healthy,
    ok: false,
    services: [{ name: 'search', state: 'down', version: null, data_version: null, failing: [], error: 'fetch failed' }, healthy.services[1]!],
  };

  it('prints the status document and exits 0 when everything is up', async () => {
    const run = await radar(['status'], { status: healthy });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(healthy);
    expect(run.stderr).toBe('');
    expect(run.sent[0]?.url).toBe('http://127.0.0.1:8081/operator/v1/status');
  });

  it('exits 1 when something is down, with the document on stdout and what is down on stderr', async () => {
    const run = await radar(['status'], { status: unhealthy });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual(unhealthy);
    expect(run.error()).toEqual({ code: 'STACK_UNHEALTHY', message: 'Not healthy: search down' });
  });

  it('draws a table on a terminal: services with versions and data version, infrastructure, and only the backlog that waits', async () => {
    const run = await radar(['status'], { status: healthy, tty: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^SERVICE +STATE +VERSION +DATA +PROBLEM\n/);
    expect(run.stdout).toMatch(/search +ready +0\.1\.0\+abc +seed 1, 100000 companies +-/);
    expect(run.stdout).toMatch(/PostgreSQL +up +search, gateway/);
    expect(run.stdout).toMatch(/MONITORS +signal-ingest-checks +12 +3/);
    expect(run.stdout).not.toContain('gateway-identity');
    expect(run.stdout).toContain('RabbitMQ queues: nothing waiting');
    expect(run.stdout).toContain('Radar is healthy.');
  });

  it('prints JSON on a terminal too with --json', async () => {
    const run = await radar(['status', '--json'], { status: healthy, tty: true });
    expect(JSON.parse(run.stdout)).toEqual(healthy);
  });
});
