import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceEntry } from '@radar/contracts';
import { freePort, REPOSITORY_ROOT } from '@radar/e2e';
import { Bus } from '@radar/platform/nats';
import { dropDatabase } from '@radar/platform/prisma';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';

/** One built service as a process, with what the benchmark reads of it. */
export interface BenchProcess {
  name: string;
  url: string;
  databaseUrl?: string;
  pid: number;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  /** The tail of what it printed. */
  output(): string;
  stop(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: fields 14 and 15 are utime and stime, in clock ticks (after the command in parentheses).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

async function waitUntilReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before it was ready:\n${output()}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`not ready within 60 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The services a monitor run touches, each a built process (`npx nx run-many -t build`) with a
 * fresh database of its own and one NATS namespace: ledger, provider-sim, signal-ingest and
 * monitor-scheduler (or, without signal-ingest, only the ledger and monitor-scheduler, whose
 * checks the benchmark then answers itself). Delivery (webhook-dispatch) is left out: a run ends
 * without it.
 */
export async function startMonitorRunStack(options: { env?: Record<string, Record<string, string>>; withSignalIngest: boolean }) {
  const env = options.env ?? {};
  const suffix = uniqueSuffix();
  const namespace = `bench${suffix}.`;
  const secrets = {
    INTERNAL_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    OPERATOR_SECRET: randomBytes(32).toString('base64url'),
    PROVIDER_API_KEY: randomBytes(16).toString('hex'),
  };
  const started: BenchProcess[] = [];
  const start = async (name: string, own: Record<string, string> = {}): Promise<BenchProcess> => {
    const entry = serviceEntry(name);
    const main = path.join(REPOSITORY_ROOT, 'apps', name, 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: build first (npx nx run-many -t build)`);
    const port = await freePort();
    let databaseUrl: string | undefined;
    if (entry.database) {
      const url = new URL(testInfrastructure.postgresUrl);
      url.pathname = `/radar_bench_${suffix}_${name.replace(/-/g, '_')}`;
      databaseUrl = url.toString();
    }
    const child = spawn(process.execPath, [main], {
      cwd: REPOSITORY_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        ...secrets,
        NATS_URL: testInfrastructure.natsUrl,
        NATS_NAMESPACE: namespace,
        LOG_LEVEL: 'warn',
        [entry.port.variable]: String(port),
        [entry.hostVariable]: '127.0.0.1',
        ...(databaseUrl && entry.database ? { [entry.database.variable]: databaseUrl } : {}),
        ...own,
        ...env[name],
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
    const process_: BenchProcess = {
      name,
      url,
      databaseUrl,
      pid: child.pid!,
      cpuSeconds: () => cpuSecondsOf(child.pid!),
      output: () => output,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        if (databaseUrl) await dropDatabase(databaseUrl);
      },
    };
    started.push(process_);
    try {
      await waitUntilReady(child, url, () => output);
    } catch (error) {
      throw new Error(`${name} ${(error as Error).message}`, { cause: error });
    }
    return process_;
  };

  const stop = async () => {
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
    const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-cleanup', namespace, logger: silentLogger() });
    await bus.deleteStreams();
    await bus.close();
  };

  try {
    const ledger = await start('ledger');
    const provider = options.withSignalIngest ? await start('provider-sim') : undefined;
    // The leads feed (its first reading of the followed companies' year) is no part of a monitor run.
    const signalIngest = provider ? await start('signal-ingest', { PROVIDER_URL: provider.url, LEADS_FEED_ENABLED: 'false' }) : undefined;
    const scheduler = await start('monitor-scheduler');
    const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-client', namespace, logger: silentLogger() });
    return {
      namespace,
      secrets,
      ledger,
      provider,
      signalIngest,
      scheduler,
      client,
      processes: started,
      async stop() {
        await client.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type MonitorRunStack = Awaited<ReturnType<typeof startMonitorRunStack>>;
