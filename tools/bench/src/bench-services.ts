import { Bus } from '@radar/platform/nats';
import { silentLogger, startSibling, testInfrastructure, testNamespace, TEST_SECRETS } from '@radar/platform/testing';
import { cpuSeconds, residentMemory } from './process-memory';

/** One built service as a process, with what the benchmarks read of it. */
export interface BenchProcess {
  name: string;
  url: string;
  /** Its database: a fresh one unless it was given one. */
  databaseUrl?: string;
  pid: number;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  /** The most resident memory it has had so far, in bytes (VmHWM). */
  peakRssBytes(): number;
  /** The tail of what it printed. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Built services (`npx nx run-many -t build`) started one by one in one NATS namespace, each with
 * a fresh database unless given one, and the test secrets; `stop` stops them in reverse order,
 * drops the databases made for them and deletes the namespace's streams.
 */
export function benchServices() {
  const namespace = testNamespace();
  const started: BenchProcess[] = [];
  return {
    namespace,
    secrets: TEST_SECRETS,
    processes: started,
    async start(name: string, options: { env?: Record<string, string>; databaseUrl?: string; readyWithinMs?: number } = {}): Promise<BenchProcess> {
      const sibling = await startSibling(name, { namespace, ...options });
      const pid = sibling.child.pid!;
      const service: BenchProcess = {
        name,
        url: sibling.url,
        databaseUrl: sibling.databaseUrl,
        pid,
        cpuSeconds: () => cpuSeconds(pid),
        peakRssBytes: () => residentMemory(pid).peakMiB * 1024 * 1024,
        output: sibling.output,
        stop: () => sibling.stop(),
      };
      started.push(service);
      return service;
    },
    async stop(): Promise<void> {
      for (const service of [...started].reverse()) await service.stop().catch(() => undefined);
      const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-cleanup', namespace, logger: silentLogger() });
      await bus.deleteStreams();
      await bus.close();
    },
  };
}
