import os from 'node:os';
import { startOtlpReceiver, startStack, type E2eStack } from '@radar/e2e';
import { benchWorkspace } from './bench-workspace';
import { shareOption, wholeNumberOption } from './bench-options';
import { printTable, runLoad, type LoadResult } from './load';
import { cpuSeconds } from './process-memory';

export interface TracingBenchOptions {
  /** Seconds of load per variant and round, at one connection and again at `connections`. */
  seconds: number;
  /** The length of one slice of load: a round's variants take turns slice by slice. */
  sliceSeconds: number;
  connections: number;
  /** Measured rounds, each on fresh stacks of every variant. */
  rounds: number;
  /** The share of traces the sampled stack keeps (OTEL_TRACES_SAMPLER=parentbased_traceidratio). */
  sampleRatio: number;
}

export function parseTracingBenchOptions(args: readonly string[]): TracingBenchOptions {
  const options = {
    seconds: wholeNumberOption(args, 'seconds', Number(process.env.BENCH_SECONDS ?? 10)),
    sliceSeconds: wholeNumberOption(args, 'slice-seconds', 2),
    connections: wholeNumberOption(args, 'connections', Number(process.env.BENCH_CONNECTIONS ?? 32)),
    rounds: wholeNumberOption(args, 'rounds', 5),
    sampleRatio: shareOption(args, 'sample-ratio', 0.1),
  };
  if (options.seconds % options.sliceSeconds !== 0) throw new Error('--seconds must be a whole number of --slice-seconds');
  return options;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * One connection sends its next request when the last is answered, so the time per request is the
 * inverse of the throughput: finer than autocannon's latencies, which are whole milliseconds.
 */
const msPerRequest = (run: LoadResult) => 1000 / Math.max(1, run.requestsPerSecond);

const signed = (value: number, digits = 1) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
/** The change from `base` to `other` in per cent. */
const change = (base: number, other: number) => ((other - base) / base) * 100;
const percentChange = (base: number, other: number) => signed(change(base, other));

/** The middle value (the mean of the two middle ones for an even count). */
export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The slices of one variant in one round as one result: requests per second over all its slices,
 * the mean latency weighted by requests, and the median slice's p50 and p99 (autocannon's
 * percentiles of separate runs do not combine).
 */
function combineSlices(label: string, slices: LoadResult[], sliceSeconds: number): LoadResult {
  const counted = counts(slices);
  return {
    label,
    ...counted,
    requestsPerSecond: Math.round(counted.requests / (slices.length * sliceSeconds)),
    meanMs: sum(slices.map((slice) => slice.meanMs * slice.requests)) / Math.max(1, counted.requests),
    p50Ms: medianOf(slices.map((slice) => slice.p50Ms)),
    p99Ms: medianOf(slices.map((slice) => slice.p99Ms)),
  };
}

/** The rounds of one variant as one row: medians of the rounds. */
function combineRounds(label: string, runs: LoadResult[]): LoadResult {
  const median = (pick: (run: LoadResult) => number) => medianOf(runs.map(pick));
  return {
    label,
    ...counts(runs),
    requestsPerSecond: Math.round(median((run) => run.requestsPerSecond)),
    meanMs: median((run) => run.meanMs),
    p50Ms: median((run) => run.p50Ms),
    p99Ms: median((run) => run.p99Ms),
  };
}

/** What adds up across runs: requests answered, non-2xx answers, errors. */
const counts = (runs: LoadResult[]) => ({
  requests: sum(runs.map((run) => run.requests)),
  non2xx: sum(runs.map((run) => run.non2xx)),
  errors: sum(runs.map((run) => run.errors)),
});

/**
 * The order of the variants in each turn: it moves on by one from turn to turn and from round to
 * round, so no variant always runs first, or always right after the same other one.
 */
function turnOrder(variants: number, turn: number): number[] {
  return Array.from({ length: variants }, (_, index) => (index + turn) % variants);
}

/** One measured round of one variant. */
interface Round {
  latency: LoadResult;
  load: LoadResult;
  /** CPU time of the gateway and the ledger per request answered under load, its own turns and the others' together. */
  cpuPerRequestMs: number;
  /** Of that, what the gateway and the ledger used while the other variants had their turns (span exports, GC left over). */
  cpuBetweenTurnsMs: number;
}

// GET /credits needs the gateway and the ledger only.
const SERVICES = ['ledger', 'gateway'];

interface VariantStack {
  stack: E2eStack;
  target: { url: string; headers: Record<string, string> };
}

async function startVariantStack(env: Record<string, string>): Promise<VariantStack> {
  const stack = await startStack({
    services: SERVICES,
    gatewayEnv: { RATE_LIMIT_SCALE: '1000000' },
    serviceEnv: Object.fromEntries(SERVICES.map((name) => [name, env])),
  });
  try {
    const { token } = await benchWorkspace(stack);
    return { stack, target: { url: `${stack.gatewayUrl}/api/v1/credits`, headers: { authorization: `Bearer ${token}` } } };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/**
 * One round: a fresh stack per variant, all started before any is measured, then the variants take
 * turns slice by slice (`sliceSeconds` each) until each has had `seconds` at one connection and
 * `seconds` at `connections`. The machine's speed drifts here by more than the target from one
 * minute to the next (the same untraced stack served 4,840 to 5,906 requests/s in five rounds of
 * one run), so variants measured one after the other compare the machine's moments as much as
 * the variants; taking turns every few seconds puts every variant in the same moments.
 */
async function measureRound(variants: { env: Record<string, string> }[], options: TracingBenchOptions, round: number): Promise<Round[]> {
  const stacks: VariantStack[] = [];
  try {
    for (const variant of variants) stacks.push(await startVariantStack(variant.env));
    const servicesCpu = () => stacks.map(({ stack }) => sum(SERVICES.map((name) => cpuSeconds(stack.pidOf(name)))));
    const turns = options.seconds / options.sliceSeconds;
    const inTurns = async (connections: number, durationSeconds: number, each: (index: number, slice: LoadResult, cpuDuring: number[]) => void) => {
      for (let turn = 0; turn < turns; turn++) {
        for (const index of turnOrder(variants.length, turn + round)) {
          const before = servicesCpu();
          const slice = await runLoad({ ...stacks[index]!.target, label: 'slice', connections, durationSeconds });
          each(index, slice, servicesCpu().map((seconds, stack) => seconds - before[stack]!));
        }
      }
    };
    // Warm the new processes (JIT, connection pools, token cache) before measuring.
    await inTurns(options.connections, 1, () => undefined);
    const latency: LoadResult[][] = variants.map(() => []);
    await inTurns(1, options.sliceSeconds, (index, slice) => latency[index]!.push(slice));
    const load: LoadResult[][] = variants.map(() => []);
    const cpu = variants.map(() => ({ own: 0, between: 0 }));
    await inTurns(options.connections, options.sliceSeconds, (index, slice, cpuDuring) => {
      load[index]!.push(slice);
      for (const [stack, seconds] of cpuDuring.entries()) {
        if (stack === index) cpu[stack]!.own += seconds;
        else cpu[stack]!.between += seconds;
      }
    });
    return variants.map((_, index) => {
      const loaded = combineSlices('round', load[index]!, options.sliceSeconds);
      const perRequestMs = (seconds: number) => (seconds * 1000) / Math.max(1, loaded.requests);
      return {
        latency: combineSlices('round', latency[index]!, options.sliceSeconds),
        load: loaded,
        cpuPerRequestMs: perRequestMs(cpu[index]!.own + cpu[index]!.between),
        cpuBetweenTurnsMs: perRequestMs(cpu[index]!.between),
      };
    });
  } finally {
    await Promise.all(stacks.map(({ stack }) => stack.stop()));
  }
}

/**
 * The cost of tracing per request: GET /credits through the gateway (the gateway and the ledger
 * traced, with the ledger's PostgreSQL statement): tracing off; every request traced and exported
 * by OTLP/HTTP (protobuf, the SDK's default) to a local collector stand-in; a share of traces
 * sampled (production's head sampling, docs/operations.md); and none sampled (the fixed cost).
 * Each round starts a fresh stack per variant, so a variant is not always measured in the same
 * processes, and the variants take turns every few seconds (measureRound); a variant's cost is
 * read against the untraced stack of the same round.
 */
export async function benchTracingOverhead(options: TracingBenchOptions): Promise<void> {
  const collector = await startOtlpReceiver();
  const exporting = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint };
  const variants = [
    { label: 'tracing off', env: {} },
    // The noise floor: what the method reads between two stacks that differ in nothing.
    { label: 'tracing off, a second stack', env: {} },
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
      const measured = await measureRound(variants, options, round);
      for (const [index, variant] of variants.entries()) {
        const result = measured[index]!;
        rounds[index]!.push(result);
        console.log(
          `round ${round + 1}/${options.rounds}, ${variant.label}: ${result.load.requestsPerSecond} req/s ` +
            `(${percentChange(measured[0]!.load.requestsPerSecond, result.load.requestsPerSecond)} % against tracing off), ` +
            `${result.cpuPerRequestMs.toFixed(3)} CPU ms/request (${result.cpuBetweenTurnsMs.toFixed(3)} of it between its turns), ` +
            `${msPerRequest(result.latency).toFixed(3)} ms per request at 1 connection`,
        );
      }
    }

    const latencyRows = variants.map((variant, index) => combineRounds(`${variant.label}, 1 connection`, rounds[index]!.map((run) => run.latency)));
    const loadRows = variants.map((variant, index) => combineRounds(`${variant.label}, ${options.connections} connections`, rounds[index]!.map((run) => run.load)));
    console.log(
      `\nGET /credits through the gateway, medians of ${options.rounds} rounds of ${options.seconds} s per variant in slices of ${options.sliceSeconds} s taking turns, ` +
        `Node ${process.version} (the services too), ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`,
    );
    printTable([...latencyRows, ...loadRows]);
    const median = (index: number, pick: (run: Round) => number) => medianOf(rounds[index]!.map(pick));
    const spread = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
    console.log(`\n| target | gateway + ledger CPU per request (ms) | of it between its turns (ms) | requests/s, each round |\n|---|---|---|---|`);
    for (const [index, variant] of variants.entries()) {
      console.log(
        `| ${variant.label} | ${median(index, (run) => run.cpuPerRequestMs).toFixed(3)} | ${median(index, (run) => run.cpuBetweenTurnsMs).toFixed(3)} | ` +
          `${spread(rounds[index]!.map((run) => run.load.requestsPerSecond))} |`,
      );
    }
    console.log('');
    const offCpu = median(0, (run) => run.cpuPerRequestMs);
    for (const [index, variant] of variants.entries()) {
      if (index === 0) continue;
      // Each round against the untraced stack of the same round, which ran in the same moments.
      const changes = rounds[index]!.map((run, round) => change(rounds[0]![round]!.load.requestsPerSecond, run.load.requestsPerSecond));
      const cpu = median(index, (run) => run.cpuPerRequestMs);
      console.log(
        `${variant.label}: throughput ${signed(medianOf(changes))} % (median of the rounds against their untraced stack, ` +
          `${signed(Math.min(...changes))} to ${signed(Math.max(...changes))} %; target: less than 10 % lower), ` +
          `CPU per request ${percentChange(offCpu, cpu)} % (${offCpu.toFixed(3)} -> ${cpu.toFixed(3)} ms), ` +
          `time per request at 1 connection ${signed(msPerRequest(latencyRows[index]!) - msPerRequest(latencyRows[0]!), 3)} ms`,
      );
    }
    console.log(`exported to the collector: ${collector.requests} OTLP requests, ${(collector.bytes / 1024 / 1024).toFixed(1)} MiB`);
  } finally {
    await collector.close();
  }
}
