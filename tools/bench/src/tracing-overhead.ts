import os from 'node:os';
import { startOtlpReceiver, startStack } from '@radar/e2e';
import { benchWorkspace } from './bench-workspace';
import { shareOption, wholeNumberOption } from './bench-options';
import { printTable, runLoad, type LoadResult } from './load';
import { cpuSeconds } from './process-memory';

export interface TracingBenchOptions {
  seconds: number;
  connections: number;
  /** Measured rounds per variant, each on a stack of its own, the variants' order changing from round to round. */
  rounds: number;
  /** The share of traces the sampled stack keeps (OTEL_TRACES_SAMPLER=parentbased_traceidratio). */
  sampleRatio: number;
}

export function parseTracingBenchOptions(args: readonly string[]): TracingBenchOptions {
  return {
    seconds: wholeNumberOption(args, 'seconds', Number(process.env.BENCH_SECONDS ?? 10)),
    connections: wholeNumberOption(args, 'connections', Number(process.env.BENCH_CONNECTIONS ?? 32)),
    rounds: wholeNumberOption(args, 'rounds', 5),
    sampleRatio: shareOption(args, 'sample-ratio', 0.1),
  };
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

/**
 * One connection sends its next request when the last is answered, so the time per request is the
 * inverse of the throughput: finer than autocannon's latencies, which are whole milliseconds.
 */
const msPerRequest = (run: LoadResult) => 1000 / Math.max(1, run.requestsPerSecond);

const signed = (value: number, digits = 1) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
/** The change from `base` to `other` in per cent, with its sign. */
const percentChange = (base: number, other: number) => signed(((other - base) / base) * 100);

/** The middle value (the mean of the two middle ones for an even count). */
export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One measured round of one variant: its own stack, started for the round and stopped after it. */
interface Round {
  latency: LoadResult;
  load: LoadResult;
  /** CPU time of the gateway and the ledger per request answered in the load run. */
  cpuPerRequestMs: number;
}

// GET /credits needs the gateway and the ledger only.
const SERVICES = ['ledger', 'gateway'];

async function measureRound(env: Record<string, string>, options: TracingBenchOptions): Promise<Round> {
  const stack = await startStack({
    services: SERVICES,
    gatewayEnv: { RATE_LIMIT_SCALE: '1000000' },
    serviceEnv: Object.fromEntries(SERVICES.map((name) => [name, env])),
  });
  try {
    const { token } = await benchWorkspace(stack);
    const target = { label: 'round', url: `${stack.gatewayUrl}/api/v1/credits`, headers: { authorization: `Bearer ${token}` } };
    // Warm the new processes (JIT, connection pools, token cache) before measuring.
    await runLoad({ ...target, connections: options.connections, durationSeconds: 3 });
    const latency = await runLoad({ ...target, connections: 1, durationSeconds: options.seconds });
    const serviceCpu = () => sum(SERVICES.map((name) => cpuSeconds(stack.pidOf(name))));
    const cpuBefore = serviceCpu();
    const load = await runLoad({ ...target, connections: options.connections, durationSeconds: options.seconds });
    return { latency, load, cpuPerRequestMs: ((serviceCpu() - cpuBefore) * 1000) / Math.max(1, load.requests) };
  } finally {
    await stack.stop();
  }
}

/**
 * The cost of tracing per request: GET /credits through the gateway (the gateway and the ledger
 * traced, with the ledger's PostgreSQL statement): tracing off; every request traced and exported
 * by OTLP/HTTP (protobuf, the SDK's default) to a local collector stand-in; a share of traces
 * sampled (production's head sampling, docs/operations.md); and none sampled (the fixed cost).
 * One stack runs at a time, started afresh for each round and stopped after it, and each round
 * takes the variants in another order: a variant is not measured beside idle neighbours, nor
 * always in the same processes, nor always right after the same variant.
 */
export async function benchTracingOverhead(options: TracingBenchOptions): Promise<void> {
  const collector = await startOtlpReceiver();
  const exporting = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint };
  const variants = [
    { label: 'tracing off', env: {} },
    { label: 'tracing on, every request', env: exporting },
    {
      label: `tracing on, ${options.sampleRatio} of requests sampled`,
      env: { ...exporting, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: String(options.sampleRatio) },
    },
    // The fixed part: context propagation and instrumentation with no span ever recorded.
    { label: 'tracing on, none sampled', env: { ...exporting, OTEL_TRACES_SAMPLER: 'always_off' } },
  ];
  try {
    const rounds: Round[][] = variants.map(() => []);
    for (let round = 0; round < options.rounds; round++) {
      const order = variants.map((_, index) => (index + round) % variants.length);
      for (const index of order) {
        const measured = await measureRound(variants[index]!.env, options);
        rounds[index]!.push(measured);
        console.log(
          `round ${round + 1}/${options.rounds}, ${variants[index]!.label}: ${measured.load.requestsPerSecond} req/s, ` +
            `${measured.cpuPerRequestMs.toFixed(3)} CPU ms/request, ${msPerRequest(measured.latency).toFixed(3)} ms per request at 1 connection`,
        );
      }
    }

    const latencyRows = variants.map((variant, index) => combined(`${variant.label}, 1 connection`, rounds[index]!.map((run) => run.latency)));
    const loadRows = variants.map((variant, index) => combined(`${variant.label}, ${options.connections} connections`, rounds[index]!.map((run) => run.load)));
    console.log(
      `\nGET /credits through the gateway, medians of ${options.rounds} rounds of ${options.seconds} s per variant, one stack at a time, ` +
        `Node ${process.version} (the services too), ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`,
    );
    printTable([...latencyRows, ...loadRows]);
    const cpu = rounds.map((runs) => medianOf(runs.map((run) => run.cpuPerRequestMs)));
    const spread = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
    console.log(`\n| target | gateway + ledger CPU per request (ms) | requests/s, each round |\n|---|---|---|`);
    for (const [index, variant] of variants.entries()) {
      console.log(`| ${variant.label} | ${cpu[index]!.toFixed(3)} | ${spread(rounds[index]!.map((run) => run.load.requestsPerSecond))} |`);
    }
    console.log('');
    const [offLatency] = latencyRows as [LoadResult];
    const [offLoad] = loadRows as [LoadResult];
    for (const [index, variant] of variants.entries()) {
      if (index === 0) continue;
      const onLoad = loadRows[index]!;
      // Each round against the untraced stack of the same round: how far one round's figure strays.
      const roundChanges = rounds[index]!.map((run, round) => (run.load.requestsPerSecond / rounds[0]![round]!.load.requestsPerSecond - 1) * 100);
      console.log(
        `${variant.label}: throughput ${percentChange(offLoad.requestsPerSecond, onLoad.requestsPerSecond)} % ` +
          `(${offLoad.requestsPerSecond} -> ${onLoad.requestsPerSecond} req/s; target: less than 10 % lower), ` +
          `CPU per request ${percentChange(cpu[0]!, cpu[index]!)} % (${cpu[0]!.toFixed(3)} -> ${cpu[index]!.toFixed(3)} ms), ` +
          `time per request at 1 connection ${signed(msPerRequest(latencyRows[index]!) - msPerRequest(offLatency), 3)} ms; ` +
          `round by round against that round's untraced stack: median ${signed(medianOf(roundChanges))} %, ` +
          `${signed(Math.min(...roundChanges))} to ${signed(Math.max(...roundChanges))} %`,
      );
    }
    console.log(`exported to the collector: ${collector.requests} OTLP requests, ${(collector.bytes / 1024 / 1024).toFixed(1)} MiB`);
  } finally {
    await collector.close();
  }
}
