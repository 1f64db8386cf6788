import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { serviceEntry } from '@radar/contracts';
import { freePort, REPOSITORY_ROOT } from '@radar/e2e';
import { Bus } from '@radar/platform/nats';
import { dropDatabase } from '@radar/platform/prisma';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';

/** One built service as a process, with what the export benchmark reads of it. */
export interface ExportBenchProcess {
  name: string;
  url: string;
  pid: number;
  /** Peak resident set size so far, in bytes (VmHWM). */
  peakRssBytes(): number;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  output(): string;
  stop(): Promise<void>;
}

/** /proc/<pid>/status VmHWM: the most resident memory the process has had. */
function peakRssOf(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

const CLOCK_TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: utime and stime, in clock ticks, are fields 14 and 15 (counted after the command in parentheses).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

async function waitUntilReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before it was ready:\n${output()}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`not ready within 120 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What an export touches, each a built process in one NATS namespace: search on the benchmark's
 * database, the ledger and the export service's database fresh, the export API and its worker as
 * separate processes (so the worker's memory is its own), and a local S3 server.
 */
export async function startExportBenchStack(searchDatabaseUrl: string, workerNodeOptions: string) {
  const suffix = uniqueSuffix();
  const namespace = `bench${suffix}.`;
  const secrets = {
    INTERNAL_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    OPERATOR_SECRET: randomBytes(32).toString('base64url'),
    CURSOR_SECRET: randomBytes(32).toString('base64url'),
  };
  const s3Directory = mkdtempSync(path.join(os.tmpdir(), 'radar-bench-s3-'));
  const s3Port = await freePort();
  const s3 = new S3rver({ address: '127.0.0.1', port: s3Port, directory: s3Directory, silent: true });
  await s3.run();
  const exportDatabase = new URL(testInfrastructure.postgresUrl);
  exportDatabase.pathname = `/radar_bench_${suffix}_export`;
  const storageEnv = {
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'radar-bench-exports',
    EXPORT_DATABASE_URL: exportDatabase.toString(),
  };

  const started: ExportBenchProcess[] = [];
  const ownDatabases: string[] = [exportDatabase.toString()];
  const start = async (name: string, own: Record<string, string> = {}): Promise<ExportBenchProcess> => {
    const entry = serviceEntry(name);
    const main = path.join(REPOSITORY_ROOT, 'apps', name, 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: build first (npx nx run-many -t build)`);
    const port = await freePort();
    const databaseEnv: Record<string, string> = {};
    if (entry.database && own[entry.database.variable] === undefined) {
      const url = new URL(testInfrastructure.postgresUrl);
      url.pathname = `/radar_bench_${suffix}_${name.replace(/-/g, '_')}`;
      databaseEnv[entry.database.variable] = url.toString();
      ownDatabases.push(url.toString());
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
        ...databaseEnv,
        ...own,
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
    const benchProcess: ExportBenchProcess = {
      name,
      url,
      pid: child.pid!,
      peakRssBytes: () => peakRssOf(child.pid!),
      cpuSeconds: () => cpuSecondsOf(child.pid!),
      output: () => output,
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      },
    };
    started.push(benchProcess);
    try {
      await waitUntilReady(child, url, () => output);
    } catch (error) {
      throw new Error(`${name} ${(error as Error).message}`, { cause: error });
    }
    return benchProcess;
  };

  const stop = async () => {
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
    for (const url of ownDatabases) await dropDatabase(url).catch(() => undefined);
    const closing = s3.close();
    s3.httpServer.closeAllConnections();
    await closing;
    rmSync(s3Directory, { recursive: true, force: true });
    const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-cleanup', namespace, logger: silentLogger() });
    await bus.deleteStreams();
    await bus.close();
  };

  try {
    const ledger = await start('ledger');
    // The benchmark's database was migrated before the start (search-database.ts).
    const search = await start('search', { SEARCH_DATABASE_URL: searchDatabaseUrl, RUN_MIGRATIONS: 'false' });
    const exportApi = await start('export', { ...storageEnv, EXPORT_ROLE: 'api' });
    const exportWorker = await start('export', { ...storageEnv, EXPORT_ROLE: 'worker', RUN_MIGRATIONS: 'false', NODE_OPTIONS: workerNodeOptions });
    const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-client', namespace, logger: silentLogger() });
    return {
      namespace,
      secrets,
      storage: { endpoint: storageEnv.S3_ENDPOINT, bucket: storageEnv.S3_BUCKET },
      ledger,
      search,
      exportApi,
      exportWorker,
      client,
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
