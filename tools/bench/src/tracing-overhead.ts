import os from 'node:os';
import { startOtlpReceiver, startStack, type E2eStack } from '@radar/e2e';
import { benchWorkspace } from './bench-workspace';
import { printTable, runLoad, type LoadResult } from './load';
import { cpuSeconds } from './process-memory';

export interface TracingBenchOptions {
  seconds: number;
  connections: number;
  /** Measured rounds per stack, alternating between the stacks. */
  rounds: number;
  /** The share of traces the sampled stack keeps (OTEL_TRACES_SAMPLER=parentbased_traceidratio). */
  sampleRatio: number;
}

export function parseTracingBenchOptions(args: readonly string[]): TracingBenchOptions {
  const value = (name: string, fallback: number) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  const options = {
    seconds: value('seconds', Number(process.env.BENCH_SECONDS ?? 10)),
    connections: value('connections', Number(process.env.BENCH_CONNECTIONS ?? 32)),
    rounds: value('rounds', 5),
    sampleRatio: value('sample-ratio', 0.1),
  };
  for (const name of ['seconds', 'connections', 'rounds'] as const) {
    if (!Number.isInteger(options[name]) || options[name] < 1) throw new Error(`--${name} must be a positive whole number`);
  }
  if (!(options.sampleRatio > 0 && options.sampleRatio < 1)) throw new Error('--sample-ratio must be between 0 and 1');
  return options;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The rounds of one stack as one row: medians of the rounds, so a round the machine's other work disturbed does not count. */
function combined(label: string, runs: LoadResult[]): LoadResult {
  const median = (pick: (run: LoadResult) => number) => medianOf(runs.map(pick));
  return {
    label,
    requests: sum(runs.map((run) => run.requests)),
    requestsPerSecond: Math.round(median((run) => run.requestsPerSecond)),
    meanMs: median((run) => run.meanMs),
    p50Ms: Math.round(median((run) => run.p50Ms) * 10) / 10,
    p99Ms: Math.round(median((run) => run.p99Ms) * 10) / 10,
    non2xx: sum(runs.map((run) => run.non2xx)),
    errors: sum(runs.map((run) => run.errors)),
  };
}

const percentLess = (base: number, other: number) => (((base - other) / base) * 100).toFixed(1);
const percentMore = (base: number, other: number) => (((other - base) / base) * 100).toFixed(1);

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The cost of tracing per request: GET /credits through the gateway (the gateway and the ledger
 * traced, with the ledger's PostgreSQL statement) on identical stacks: tracing off; every request
 * traced and exported by OTLP/HTTP (protobuf, the SDK's default) to a local collector stand-in;
 * the same with a share of traces sampled; and with none sampled (the fixed cost). The stacks run at once and the rounds alternate
 * between them, so a change in the machine's background load falls on all of them alike.
 */
export async function benchTracingOverhead(options: TracingBenchOptions): Promise<void> {
  const collector = await startOtlpReceiver();
  const exporting = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint };
  const sampling = { ...exporting, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: String(options.sampleRatio) };
  const variants = [
    { label: 'tracing off', env: {} },
    { label: 'tracing on, every request', env: exporting },
    { label: `tracing on, ${options.sampleRatio} of requests sampled`, env: sampling },
    // The fixed part: context propagation and instrumentation with no span ever recorded.
    { label: 'tracing on, none sampled', env: { ...exporting, OTEL_TRACES_SAMPLER: 'always_off' } },
  ];
  // GET /credits needs the gateway and the ledger only.
  const services = ['ledger', 'gateway'];
  const stacks: E2eStack[] = [];
  try {
    const targets = [];
    for (const variant of variants) {
      const stack = await startStack({
        services,
        gatewayEnv: { RATE_LIMIT_SCALE: '1000000' },
        serviceEnv: Object.fromEntries(services.map((name) => [name, variant.env])),
      });
      stacks.push(stack);
      const { token } = await benchWorkspace(stack);
      targets.push({ label: variant.label, url: `${stack.gatewayUrl}/api/v1/credits`, headers: { authorization: `Bearer ${token}` } });
    }
    for (const target of targets) await runLoad({ ...target, label: 'warm-up', connections: options.connections, durationSeconds: 3 });

    const latency: LoadResult[][] = targets.map(() => []);
    const load: LoadResult[][] = targets.map(() => []);
    // CPU time of the gateway and the ledger per request served: what tracing costs, whatever else the machine runs.
    const cpuPerRequestMs: number[][] = targets.map(() => []);
    const serviceCpu = (stack: E2eStack) => sum(services.map((name) => cpuSeconds(stack.pidOf(name))));
    for (let round = 0; round < options.rounds; round++) {
      // Each round starts with another stack, so none always runs right after the same neighbour.
      const order = targets.map((_, index) => (index + round) % targets.length);
      for (const index of order) {
        const target = targets[index]!;
        latency[index]!.push(await runLoad({ ...target, connections: 1, durationSeconds: options.seconds }));
        const cpuBefore = serviceCpu(stacks[index]!);
        const run = await runLoad({ ...target, connections: options.connections, durationSeconds: options.seconds });
        cpuPerRequestMs[index]!.push(((serviceCpu(stacks[index]!) - cpuBefore) * 1000) / Math.max(1, run.requests));
        load[index]!.push(run);
      }
    }

    const latencyRows = targets.map((target, index) => combined(`${target.label}, 1 connection`, latency[index]!));
    const loadRows = targets.map((target, index) => combined(`${target.label}, ${options.connections} connections`, load[index]!));
    console.log(
      `\nGET /credits through the gateway, medians of ${options.rounds} alternating rounds of ${options.seconds} s per stack, ` +
        `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`,
    );
    printTable([...latencyRows, ...loadRows]);
    const [offLatency] = latencyRows as [LoadResult];
    const [offLoad] = loadRows as [LoadResult];
    const cpu = cpuPerRequestMs.map((runs) => medianOf(runs));
    console.log(`\n| target | gateway + ledger CPU per request (ms) |\n|---|---|`);
    for (const [index, variant] of variants.entries()) console.log(`| ${variant.label} | ${cpu[index]!.toFixed(3)} |`);
    console.log('');
    for (const [index, variant] of variants.entries()) {
      if (index === 0) continue;
      const onLoad = loadRows[index]!;
      const onLatency = latencyRows[index]!;
      console.log(
        `${variant.label}: CPU per request +${percentMore(cpu[0]!, cpu[index]!)} % (${cpu[0]!.toFixed(3)} -> ${cpu[index]!.toFixed(3)} ms; ` +
          `the throughput a CPU-bound gateway loses), throughput measured ${percentLess(offLoad.requestsPerSecond, onLoad.requestsPerSecond)} % lower ` +
          `(${offLoad.requestsPerSecond} -> ${onLoad.requestsPerSecond} req/s; target under 10 %), ` +
          `mean latency at 1 connection +${(onLatency.meanMs - offLatency.meanMs).toFixed(3)} ms`,
      );
    }
    console.log(`exported to the collector: ${collector.requests} OTLP requests, ${(collector.bytes / 1024 / 1024).toFixed(1)} MiB`);
  } finally {
    for (const stack of stacks) await stack.stop();
    await collector.close();
  }
}
