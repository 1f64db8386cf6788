import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Pool } from 'pg';
import { signCaller } from '@radar/platform/internal-auth';
import { aCaller, aSignalDelivered } from '@radar/platform/testing';
import { wholeNumberOption } from './bench-options';
import { startBenchWebhookDispatch, type BenchWebhookDispatch } from './webhook-dispatch-process';

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

type ReplayReceiver = Awaited<ReturnType<typeof startReplayReceiver>>;

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
  const receiver = await startReplayReceiver();
  try {
    const service = await startBenchWebhookDispatch({
      databaseName: 'radar_bench_replay',
      retryDelays: SHORT_SCHEDULE,
      env: { WEBHOOK_REPLAY_RATE_PER_SECOND: String(options.rate) },
    });
    const pool = new Pool({ connectionString: service.databaseUrl, max: 2 });
    try {
      await measureReplay(service, pool, receiver, options);
    } finally {
      await pool.end();
      await service.stop();
    }
  } finally {
    await receiver.close();
  }
}

async function measureReplay(service: BenchWebhookDispatch, pool: Pool, receiver: ReplayReceiver, options: WebhookReplayBenchOptions): Promise<void> {
  const count = async (status: string) =>
    (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = $1 AND redelivery_due_at IS NULL', [status])).rows[0]!.n;
  const workspaceId = randomUUID();
  const webhookId = await service.createWebhook(workspaceId, receiver.url);

  const runId = randomUUID();
  const events = Array.from({ length: options.deliveries }, () =>
    aSignalDelivered({ workspaceId, webhookId, runId, runDate: new Date().toISOString().slice(0, 10), signal: { cron_job_name: 'Replay benchmark' } }),
  );
  for (let index = 0; index < events.length; index += 1_000) {
    await Promise.all(events.slice(index, index + 1_000).map((event) => service.publishSignal(event)));
  }
  await waitFor(async () => (await count('failed')) === options.deliveries, `${options.deliveries} deliveries failed`, 10 * 60_000);
  console.error(`webhook-replay bench: ${options.deliveries} deliveries failed; replaying`);

  receiver.recover();
  const day = new Date().toISOString().slice(0, 10);
  const started = Date.now();
  const replay = await fetch(`${service.url}/webhooks/${webhookId}/replay`, {
    method: 'POST',
    headers: { ...signCaller(aCaller(workspaceId, { scope: 'read_write', role: 'owner' }), service.internalSigningSecret), 'content-type': 'application/json' },
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
}
