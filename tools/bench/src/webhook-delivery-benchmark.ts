import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { EventPayload } from '@radar/contracts';
import { aSignalDelivered } from '@radar/platform/testing';
import { wholeNumberOption } from './bench-options';
import { startBenchWebhookDispatch, type BenchWebhookDispatch } from './webhook-dispatch-process';
import { startBenchReceiver, type Arrivals, type BenchReceiver } from './webhook-receiver';

export interface WebhookBenchOptions {
  /** Signals published at once for the throughput runs. */
  burst: number;
  /** Signals per second for the latency runs, and for how long. */
  rate: number;
  seconds: number;
}

export function parseWebhookBenchOptions(args: readonly string[]): WebhookBenchOptions {
  return { burst: wholeNumberOption(args, 'burst', 20_000), rate: wholeNumberOption(args, 'rate', 1_000), seconds: wholeNumberOption(args, 'seconds', 20) };
}

/** The failing receiver's retries come after 1 s instead of 5 s, 5 min, ... so a run ends in seconds. */
const SHORT_SCHEDULE = '1000,1000,1000,1000,1000,1000,1000';
const DEFAULT_SCHEDULE = '5000,300000,1800000,7200000,18000000,36000000,36000000';

interface Scenario {
  label: string;
  failureRate: number;
  retryDelays: string;
}

interface Measured {
  label: string;
  signals: number;
  /** Signals whose every attempt failed (8 requests, all answered 500). */
  givenUp: number;
  requests: number;
  firstPostsPerSecond: number;
  acceptedPerSecond: number;
  firstPost: Percentiles;
  accepted: Percentiles;
}

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** A signal of a benchmark monitor's run, fired now. */
const aBenchSignal = (workspaceId: string, webhookId: string, runId: string): EventPayload<'signal.delivered'> =>
  aSignalDelivered({
    workspaceId,
    webhookId,
    runId,
    runDate: new Date().toISOString().slice(0, 10),
    signal: { fired_at: new Date().toISOString(), cron_job_name: 'Benchmark monitor' },
  });

/**
 * The built webhook-dispatch as production runs it (a process, its own database, NATS namespace
 * and queues), a local receiver, and signals published on `signal.delivered` the way signal-ingest
 * publishes them. Measures deliveries per second for a burst and the time from publishing a
 * signal to its POST arriving at a fixed rate, with a healthy receiver and one failing half its
 * requests.
 */
export async function benchWebhookDelivery(options: WebhookBenchOptions): Promise<void> {
  const scenarios: Scenario[] = [
    { label: 'receiver always answers 200', failureRate: 0, retryDelays: DEFAULT_SCHEDULE },
    { label: 'receiver fails half the requests (500), retries after 1 s', failureRate: 0.5, retryDelays: SHORT_SCHEDULE },
  ];
  const rows: Measured[] = [];
  for (const scenario of scenarios) {
    rows.push(await runScenario(scenario, 'burst', options));
    rows.push(await runScenario(scenario, 'paced', options));
  }
  console.log(`\nwebhook delivery, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`);
  console.log('| run | signals | given up | requests | first POSTs/s | accepted/s | first POST p50 / p95 / p99 ms | accepted p50 / p95 / p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const ms = (p: Percentiles) => `${p.p50} / ${p.p95} / ${p.p99}`;
    console.log(
      `| ${row.label} | ${row.signals} | ${row.givenUp} | ${row.requests} | ${row.firstPostsPerSecond} | ${row.acceptedPerSecond} | ${ms(row.firstPost)} | ${ms(row.accepted)} |`,
    );
  }
}

async function runScenario(scenario: Scenario, mode: 'burst' | 'paced', options: WebhookBenchOptions): Promise<Measured> {
  const receiver = await startBenchReceiver(scenario.failureRate);
  try {
    const service = await startBenchWebhookDispatch({ databaseName: 'radar_bench_webhooks', retryDelays: scenario.retryDelays });
    try {
      return await measureScenario(service, receiver, scenario, mode, options);
    } finally {
      await service.stop();
    }
  } finally {
    await receiver.close();
  }
}

async function measureScenario(
  service: BenchWebhookDispatch,
  receiver: BenchReceiver,
  scenario: Scenario,
  mode: 'burst' | 'paced',
  options: WebhookBenchOptions,
): Promise<Measured> {
  const workspaceId = randomUUID();
  const webhookId = await service.createWebhook(workspaceId, receiver.url);

  // Warm-up: connections, JIT and the consumers' first pulls, outside the measurement.
  await publishAndWait(service, receiver.arrivals, Array.from({ length: 500 }, () => aBenchSignal(workspaceId, webhookId, randomUUID())), 'burst', 1_000);
  receiver.arrivals.first.clear();
  receiver.arrivals.accepted.clear();
  receiver.arrivals.requestsBySignal.clear();
  receiver.arrivals.requests = 0;

  const count = mode === 'burst' ? options.burst : options.rate * options.seconds;
  const runId = randomUUID();
  const events = Array.from({ length: count }, () => aBenchSignal(workspaceId, webhookId, runId));
  const published = await publishAndWait(service, receiver.arrivals, events, mode, options.rate);
  console.error(`webhooks bench: ${scenario.label}, ${mode} done`);
  const since = (arrival: Map<string, number>) =>
    events.flatMap((event) => {
      const at = arrival.get(event.signal.id);
      return at === undefined ? [] : [{ at, waited: at - published.get(event.signal.id)! }];
    });
  const firsts = since(receiver.arrivals.first);
  const accepts = since(receiver.arrivals.accepted);
  const start = Math.min(...published.values());
  const perSecond = (arrived: { at: number }[]) => Math.round(arrived.length / Math.max(0.001, (Math.max(...arrived.map((a) => a.at)) - start) / 1_000));
  return {
    label: `${mode === 'burst' ? `${count} at once` : `${options.rate}/s for ${options.seconds} s`}, ${scenario.label}`,
    signals: count,
    givenUp: count - accepts.length,
    requests: receiver.arrivals.requests,
    firstPostsPerSecond: perSecond(firsts),
    acceptedPerSecond: perSecond(accepts),
    firstPost: percentiles(firsts.map((a) => a.waited)),
    accepted: percentiles(accepts.map((a) => a.waited)),
  };
}

/** Every attempt of the schedule: the first and one after each of its seven waits. */
const ATTEMPTS = 8;

/**
 * Publishes the events (all at once, or `rate` a second) and waits until every signal's request
 * was accepted by the receiver, or all its attempts were refused. Returns when each was published.
 */
async function publishAndWait(
  service: Pick<BenchWebhookDispatch, 'publishSignal'>,
  arrivals: Arrivals,
  events: EventPayload<'signal.delivered'>[],
  mode: 'burst' | 'paced',
  rate: number,
): Promise<Map<string, number>> {
  const published = new Map<string, number>();
  const publish = (event: EventPayload<'signal.delivered'>) => {
    published.set(event.signal.id, Date.now());
    return service.publishSignal(event);
  };
  if (mode === 'burst') {
    for (let index = 0; index < events.length; index += 1_000) await Promise.all(events.slice(index, index + 1_000).map(publish));
  } else {
    // Every 10 ms, the events due by then: a steady rate without a timer per event.
    const started = Date.now();
    let sent = 0;
    const pending: Promise<void>[] = [];
    while (sent < events.length) {
      const due = Math.min(events.length, Math.floor(((Date.now() - started) / 1_000) * rate));
      while (sent < due) pending.push(publish(events[sent++]!));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(pending);
  }
  const settled = (id: string) => arrivals.accepted.has(id) || (arrivals.requestsBySignal.get(id) ?? 0) >= ATTEMPTS;
  const deadline = Date.now() + 10 * 60_000;
  while (!events.every((event) => settled(event.signal.id))) {
    if (Date.now() > deadline) throw new Error(`only ${arrivals.accepted.size} of ${events.length} signals delivered within 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return published;
}
