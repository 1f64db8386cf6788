import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Pool } from 'pg';
import { FAMILY_LABELS, QUEUES, REDELIVERY_RETRY_DELAYS_MS, SIGNAL_LABELS, type EventPayload, type QueueName } from '@radar/contracts';
import { freePort, ServiceProcess, startLocalMail } from '@radar/e2e';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { dropDatabase } from '@radar/platform/prisma';
import { RabbitMq } from '@radar/platform/rabbitmq';
import { aCaller, silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';
import { wholeNumberOption } from './bench-options';

export interface WebhookReplayBenchOptions {
  /** Failed deliveries replayed (at most 10,000, the contract's cap). */
  deliveries: number;
  /** WEBHOOK_REPLAY_RATE_PER_SECOND of the run. */
  rate: number;
}

export function parseWebhookReplayBenchOptions(args: readonly string[]): WebhookReplayBenchOptions {
  return { deliveries: wholeNumberOption(args, 'deliveries', 10_000), rate: wholeNumberOption(args, 'rate', 50) };
}

/** Two attempts, 100 ms apart: the failing receiver exhausts every delivery in seconds. */
const SHORT_SCHEDULE = '100';

/** A receiver that answers 500 until it recovers, counting the requests of each webhook-id after that. */
async function startReplayReceiver() {
  let recovered = false;
  const afterRecovery = new Map<string, number>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (recovered) afterRecovery.set(id, (afterRecovery.get(id) ?? 0) + 1);
      response.writeHead(recovered ? 200 : 500, { 'content-type': 'text/plain' }).end(recovered ? 'ok' : 'down');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/replay`,
    afterRecovery,
    recover: () => {
      recovered = true;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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
      signal_type: 'news_events',
      signal_label: SIGNAL_LABELS.news_events,
      domain: 'acme.example',
      cron_job_id: randomUUID(),
      cron_job_name: 'Replay benchmark',
      delivery_method: 'webhook',
      pl_item_id: randomUUID(),
      webhook_delivery_id: null,
      delivery_status: null,
      response_status: null,
      content_available: true,
      headline: 'Acme opens an office in Lisbon',
      details: ['Office opening'],
      source_url: 'https://news.example/acme-lisbon',
      family: 'commercial',
      family_label: FAMILY_LABELS.commercial,
      category: 'expands_offices_to',
      happened_on: '2026-11-20',
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(200);
  }
}

/**
 * A replay of failed deliveries through the public route, to a local receiver that just
 * recovered: the built webhook-dispatch as production runs it (its own database, NATS namespace
 * and queues), `deliveries` signals failed against a receiver answering 500, then POST
 * /webhooks/{id}/replay. Measures the time from the replay's request to the last delivery
 * recorded `delivered`, and checks that every delivery reached the receiver and that none came
 * twice without an attempt row for each request.
 */
export async function benchWebhookReplay(options: WebhookReplayBenchOptions): Promise<void> {
  const suffix = uniqueSuffix();
  const namespace = `bench${suffix}.`;
  const database = new URL(testInfrastructure.postgresUrl);
  database.pathname = `/radar_bench_replay_${suffix}`;
  const receiver = await startReplayReceiver();
  const mail = await startLocalMail();
  const internalSecret = randomBytes(32).toString('base64url');
  const operatorSecret = randomBytes(32).toString('base64url');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
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
    INTERNAL_SIGNING_SECRET: internalSecret,
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
    DELIVERY_RETRY_DELAYS_MS: SHORT_SCHEDULE,
    WEBHOOK_REPLAY_RATE_PER_SECOND: String(options.rate),
    LOG_LEVEL: 'warn',
  });
  const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'webhook-replay-bench', namespace, logger: silentLogger() });
  const pool = new Pool({ connectionString: database.toString(), max: 2 });
  const count = async (status: string) =>
    (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = $1 AND redelivery_due_at IS NULL', [status])).rows[0]!.n;
  try {
    await service.waitUntilReady(base);
    await bus.ensureStreams(['SIGNALS', 'DELIVERIES']);
    const workspaceId = randomUUID();
    const created = await fetch(`${base}/operator/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspace_id: workspaceId, url: receiver.url }),
    });
    if (created.status !== 201) throw new Error(`webhook create: ${created.status} ${await created.text()}`);
    const { webhook_id: webhookId } = (await created.json()) as { webhook_id: string };

    const runId = randomUUID();
    const events = Array.from({ length: options.deliveries }, () => aSignalDelivered(workspaceId, webhookId, runId));
    for (let index = 0; index < events.length; index += 1_000) {
      await Promise.all(events.slice(index, index + 1_000).map((event) => bus.publish('signal.delivered', event, { msgId: `signal.delivered:${event.signal.id}` })));
    }
    await waitFor(async () => (await count('failed')) === options.deliveries, `${options.deliveries} deliveries failed`, 10 * 60_000);
    console.error(`webhook-replay bench: ${options.deliveries} deliveries failed; replaying`);

    receiver.recover();
    const day = new Date().toISOString().slice(0, 10);
    const started = Date.now();
    const replay = await fetch(`${base}/webhooks/${webhookId}/replay`, {
      method: 'POST',
      headers: { ...signCaller(aCaller(workspaceId, { scope: 'read_write', role: 'owner' }), internalSecret), 'content-type': 'application/json' },
      body: JSON.stringify({ since: day, until: day }),
    });
    const answered = Date.now() - started;
    const result = (await replay.json()) as { queued: number; skipped: number };
    if (replay.status !== 202) throw new Error(`replay: ${replay.status} ${JSON.stringify(result)}`);
    await waitFor(async () => (await count('delivered')) === options.deliveries, 'every replayed delivery delivered', 60 * 60_000);
    const drainedMs = Date.now() - started;

    const attempts = await pool.query<{ id: string; attempts: number }>(
      'SELECT d.id, count(a.*)::int AS attempts FROM webhook_deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id AND a.response_status = 200 GROUP BY d.id',
    );
    const recordedAfterRecovery = new Map(attempts.rows.map((row) => [row.id, row.attempts]));
    const missing = events.length - receiver.afterRecovery.size;
    const unrecordedRepeats = [...receiver.afterRecovery].filter(([id, requests]) => requests > 1 && requests > (recordedAfterRecovery.get(id) ?? 0)).length;
    const repeats = [...receiver.afterRecovery.values()].filter((requests) => requests > 1).length;

    console.log(`\nwebhook replay, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`);
    console.log('| deliveries | pace /s | queued | skipped | replay answered ms | drained s | delivered/s | not received | received twice | twice without attempt rows |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${options.deliveries} | ${options.rate} | ${result.queued} | ${result.skipped} | ${answered} | ${(drainedMs / 1_000).toFixed(1)} | ${Math.round(options.deliveries / (drainedMs / 1_000))} | ${missing} | ${repeats} | ${unrecordedRepeats} |`,
    );
  } finally {
    await pool.end();
    await bus.deleteStreams().catch(() => undefined);
    await bus.close();
    await service.stop();
    await receiver.close();
    await mail.stop();
    await dropDatabase(database.toString()).catch(() => undefined);
    const policy = { retryDelaysMs: SHORT_SCHEDULE.split(',').map(Number) };
    const queues = Object.fromEntries((Object.keys(QUEUES) as QueueName[]).map((name) => [name, policy]));
    queues['delivery.webhook_redelivery'] = { retryDelaysMs: [...REDELIVERY_RETRY_DELAYS_MS] };
    await RabbitMq.deleteTopology({ url: testInfrastructure.amqpUrl, prefix: namespace, queues }).catch(() => undefined);
  }
}
