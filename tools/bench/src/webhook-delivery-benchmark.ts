import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { FAMILY_LABELS, QUEUES, SIGNAL_LABELS, type EventPayload, type QueueName } from '@radar/contracts';
import { freePort, ServiceProcess, startLocalMail } from '@radar/e2e';
import { Bus } from '@radar/platform/nats';
import { dropDatabase } from '@radar/platform/prisma';
import { RabbitMq } from '@radar/platform/rabbitmq';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';
import { wholeNumberOption } from './bench-options';
import { startBenchReceiver, type Arrivals } from './webhook-receiver';

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

function aSignalDelivered(workspaceId: string, webhookId: string, runId: string): EventPayload<'signal.delivered'> {
  return {
    workspaceId,
    runId,
    runDate: new Date().toISOString().slice(0, 10),
    webhookId,
    slackConnectionId: null,
    signal: {
      id: randomUUID(),
      fired_at: new Date().toISOString(),
      signal_type: 'financing_events',
      signal_label: SIGNAL_LABELS.financing_events,
      domain: 'acme.example',
      cron_job_id: randomUUID(),
      cron_job_name: 'Benchmark monitor',
      delivery_method: 'webhook',
      pl_item_id: randomUUID(),
      webhook_delivery_id: null,
      delivery_status: null,
      response_status: null,
      content_available: true,
      headline: 'Acme raises a $20M Series B',
      details: ['Led by Example Ventures', 'Total funding $32M'],
      source_url: 'https://news.example/acme-series-b',
      family: 'funding',
      family_label: FAMILY_LABELS.funding,
      category: 'receives_financing',
      happened_on: '2026-11-20',
    },
  };
}

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
  const suffix = uniqueSuffix();
  const namespace = `bench${suffix}.`;
  const database = new URL(testInfrastructure.postgresUrl);
  database.pathname = `/radar_bench_webhooks_${suffix}`;
  const receiver = await startBenchReceiver(scenario.failureRate);
  const mail = await startLocalMail();
  const operatorSecret = randomBytes(32).toString('base64url');
  const port = await freePort();
  const service = ServiceProcess.start('webhook-dispatch', {
    PATH: process.env.PATH ?? '',
    NATS_URL: testInfrastructure.natsUrl,
    NATS_NAMESPACE: namespace,
    AMQP_URL: testInfrastructure.amqpUrl,
    AMQP_PREFIX: namespace,
    SMTP_URL: mail.mail.url,
    WEBHOOK_DISPATCH_DATABASE_URL: database.toString(),
    WEBHOOK_DISPATCH_PORT: String(port),
    WEBHOOK_DISPATCH_HOST: '127.0.0.1',
    OPERATOR_SECRET: operatorSecret,
    INTERNAL_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
    DELIVERY_RETRY_DELAYS_MS: scenario.retryDelays,
    LOG_LEVEL: 'warn',
  });
  const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'webhook-bench', namespace, logger: silentLogger() });
  try {
    await service.waitUntilReady(`http://127.0.0.1:${port}`);
    await bus.ensureStreams(['SIGNALS', 'DELIVERIES']);
    const workspaceId = randomUUID();
    const created = await fetch(`http://127.0.0.1:${port}/operator/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspace_id: workspaceId, url: receiver.url }),
    });
    if (created.status !== 201) throw new Error(`webhook create: ${created.status} ${await created.text()}`);
    const { webhook_id: webhookId } = (await created.json()) as { webhook_id: string };

    // Warm-up: connections, JIT and the consumers' first pulls, outside the measurement.
    await publishAndWait(bus, receiver.arrivals, Array.from({ length: 500 }, () => aSignalDelivered(workspaceId, webhookId, randomUUID())), 'burst', 1_000);
    receiver.arrivals.first.clear();
    receiver.arrivals.accepted.clear();
    receiver.arrivals.requestsBySignal.clear();
    receiver.arrivals.requests = 0;

    const count = mode === 'burst' ? options.burst : options.rate * options.seconds;
    const runId = randomUUID();
    const events = Array.from({ length: count }, () => aSignalDelivered(workspaceId, webhookId, runId));
    const published = await publishAndWait(bus, receiver.arrivals, events, mode, options.rate);
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
  } finally {
    await bus.deleteStreams().catch(() => undefined);
    await bus.close();
    await service.stop();
    await receiver.close();
    await mail.stop();
    await dropDatabase(database.toString()).catch(() => undefined);
    const policy = { retryDelaysMs: scenario.retryDelays.split(',').map(Number) };
    const queues = Object.fromEntries((Object.keys(QUEUES) as QueueName[]).map((name) => [name, policy]));
    await RabbitMq.deleteTopology({ url: testInfrastructure.amqpUrl, prefix: namespace, queues }).catch(() => undefined);
  }
}

/** Every attempt of the schedule: the first and one after each of its seven waits. */
const ATTEMPTS = 8;

/**
 * Publishes the events (all at once, or `rate` a second) and waits until every signal's request
 * was accepted by the receiver, or all its attempts were refused. Returns when each was published.
 */
async function publishAndWait(
  bus: Bus,
  arrivals: Arrivals,
  events: EventPayload<'signal.delivered'>[],
  mode: 'burst' | 'paced',
  rate: number,
): Promise<Map<string, number>> {
  const published = new Map<string, number>();
  const publish = (event: EventPayload<'signal.delivered'>) => {
    published.set(event.signal.id, Date.now());
    return bus.publish('signal.delivered', event, { msgId: `signal.delivered:${event.signal.id}` });
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
