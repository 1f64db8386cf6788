import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, testInfrastructure, TEST_SECRETS } from '@radar/platform/testing';

const APP_DIR = path.resolve(__dirname, '../..');
const MAIN = path.join(APP_DIR, 'dist', 'main.js');

/** Bundles the service as production runs it (apps/webhook-dispatch/dist/main.js). */
export function buildDispatcher(): void {
  execFileSync(process.execPath, [path.resolve(APP_DIR, '../../tools/stack/bundle.mjs'), 'src/main.ts'], { cwd: APP_DIR, stdio: 'pipe' });
  if (!existsSync(MAIN)) throw new Error(`${MAIN} was not built`);
}

export interface DispatcherProcess {
  url: string;
  /** SIGKILL: no shutdown, no acks, no commits in flight. */
  kill(): Promise<void>;
  /** SIGTERM, a clean stop. */
  stop(): Promise<void>;
  output(): string;
}

/** The built webhook-dispatch as a child process, on the test's database, NATS namespace and queue prefix. */
export async function startDispatcherProcess(env: { databaseUrl: string; namespace: string; amqpPrefix: string; secretKey: string; extra?: Record<string, string> }): Promise<DispatcherProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: path.resolve(APP_DIR, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      ...TEST_SECRETS,
      NATS_URL: testInfrastructure.natsUrl,
      NATS_NAMESPACE: env.namespace,
      AMQP_URL: testInfrastructure.amqpUrl,
      AMQP_PREFIX: env.amqpPrefix,
      SMTP_URL: 'smtp://127.0.0.1:9',
      WEBHOOK_DISPATCH_DATABASE_URL: env.databaseUrl,
      WEBHOOK_DISPATCH_PORT: String(port),
      WEBHOOK_DISPATCH_HOST: '127.0.0.1',
      WEBHOOK_SECRET_KEY: env.secretKey,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      ...env.extra,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  // Listening is enough: readiness would also wait for an SMTP server these tests do not need.
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`webhook-dispatch exited before it listened:\n${output}`);
    const listening = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then((response) => response.ok, () => false);
    if (listening) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`webhook-dispatch did not listen within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, kill: () => stopWith('SIGKILL'), stop: () => stopWith('SIGTERM'), output: () => output };
}
