import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serviceEntry } from '@radar/contracts';
// TEST_SECRETS is read when a sibling starts, after the index has finished loading.
import { TEST_SECRETS } from '.';
import { freePort } from './free-port';
import { createTestDatabase, testInfrastructure, type TestDatabase } from './test-database';

/** The repository's root (this file is libs/platform/src/testing). */
export const REPOSITORY_ROOT = path.resolve(__dirname, '../../../..');

export interface SiblingProcess {
  name: string;
  url: string;
  databaseUrl?: string;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Stops it (SIGTERM, SIGKILL after 10 s) and drops the database it was given, unless kept. */
  stop(signal?: NodeJS.Signals, options?: { keepDatabase?: boolean }): Promise<void>;
}

/**
 * A built Radar service (`apps/<name>/dist/main.js`) as a child process in the test's NATS
 * namespace, with a fresh database unless one is given: the real neighbour, not a stand-in.
 * Build the services first (`npx nx run-many -t build`).
 */
export async function startSibling(
  name: string,
  options: { namespace: string; env?: Record<string, string>; databaseUrl?: string; readyWithinMs?: number },
): Promise<SiblingProcess> {
  const entry = serviceEntry(name);
  const main = path.join(REPOSITORY_ROOT, 'apps', name, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build it first (npx nx run @radar/${name}:build)`);
  let database: TestDatabase | undefined;
  if (entry.database && !options.databaseUrl) {
    database = await createTestDatabase(name, path.join(REPOSITORY_ROOT, 'apps', name, 'prisma', 'migrations'));
  }
  const databaseUrl = options.databaseUrl ?? database?.url;
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: REPOSITORY_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      ...TEST_SECRETS,
      NATS_URL: testInfrastructure.natsUrl,
      NATS_NAMESPACE: options.namespace,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      [entry.port.variable]: String(port),
      [entry.hostVariable]: '127.0.0.1',
      ...(entry.database && databaseUrl ? { [entry.database.variable]: databaseUrl } : {}),
      ...options.env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  // Nothing of a sibling that never came up is left behind: neither the process nor its database.
  const giveUp = async (reason: string): Promise<never> => {
    if (running()) {
      child.kill('SIGKILL');
      await exited;
    }
    await database?.drop();
    throw new Error(`${name} ${reason}:\n${output}`);
  };
  for (;;) {
    if (!running()) await giveUp('exited before it was ready');
    if (Date.now() > deadline) await giveUp(`was not ready within ${readyWithinMs / 1000} s`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    url,
    databaseUrl,
    child,
    exited,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM', stopOptions: { keepDatabase?: boolean } = {}) {
      if (running()) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!stopOptions.keepDatabase) await database?.drop();
    },
  };
}
