import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { shareOption, wholeNumberOption } from './bench-options';
import { cpuSeconds } from './process-memory';
import { medianOf } from './tracing-overhead';

export interface TracingBareBenchOptions {
  seconds: number;
  /** Load before each measured run: how long the server's code has to reach its optimized state. */
  warmupSeconds: number;
  connections: number;
  rounds: number;
  sampleRatio: number;
}

export function parseTracingBareBenchOptions(args: readonly string[]): TracingBareBenchOptions {
  return {
    seconds: wholeNumberOption(args, 'seconds', 5),
    warmupSeconds: wholeNumberOption(args, 'warmup', 10),
    connections: wholeNumberOption(args, 'connections', 16),
    rounds: wholeNumberOption(args, 'rounds', 9),
    sampleRatio: shareOption(args, 'sample-ratio', 0.1),
  };
}

interface Variant {
  label: string;
  env: Record<string, string>;
}

interface Round {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
}

/** The server on the last core and the load generator (this process) on the others, when taskset is there: neither takes the other's core. */
const PINNING = os.cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0;
const SERVER_CORE = String(os.cpus().length - 1);

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  // The parent's exec arguments carry tsx's loader, which runs the TypeScript server as it runs this file.
  const node = [...process.execArgv, path.join(__dirname, 'bare-traced-server.ts')];
  const child = PINNING
    ? spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...node], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, node, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const port = /listening (\d+)/.exec(printed)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with code ${code} before listening`)));
  });
}

async function measureRound(variant: Variant, options: TracingBareBenchOptions): Promise<Round> {
  const { child, port } = await startServer(variant.env);
  try {
    const url = `http://127.0.0.1:${port}/v1/credits`;
    await autocannon({ url, connections: options.connections, duration: options.warmupSeconds });
    const before = cpuSeconds(child.pid!);
    const load = await autocannon({ url, connections: options.connections, duration: options.seconds });
    return {
      requestsPerSecond: load.requests.average,
      cpuMicrosPerRequest: ((cpuSeconds(child.pid!) - before) * 1e6) / Math.max(1, load.requests.total),
    };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * What the OpenTelemetry SDK costs by itself, apart from Radar's code: a bare Node http server
 * (bare-traced-server.ts) untraced, with no trace sampled, a share sampled and every request
 * traced, spans discarded at the exporter. Many short rounds, a fresh server per round, the
 * variants' order turning from round to round; the server's CPU time per request and the
 * throughput, medians and each round.
 */
export async function benchTracingBare(options: TracingBareBenchOptions): Promise<void> {
  if (PINNING) spawnSync('taskset', ['-a', '-p', '-c', `0-${os.cpus().length - 2}`, String(process.pid)]);
  const sampled = (sampler: string, arg?: number): Record<string, string> => ({
    TRACED: 'true',
    OTEL_TRACES_SAMPLER: sampler,
    ...(arg === undefined ? {} : { OTEL_TRACES_SAMPLER_ARG: String(arg) }),
  });
  const variants: Variant[] = [
    { label: 'untraced', env: { TRACED: 'false' } },
    { label: 'none sampled', env: sampled('always_off') },
    { label: `${options.sampleRatio} sampled`, env: sampled('parentbased_traceidratio', options.sampleRatio) },
    { label: 'every request', env: sampled('always_on') },
  ];
  const rounds: Round[][] = variants.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (let step = 0; step < variants.length; step++) {
      const index = (step + round) % variants.length;
      rounds[index]!.push(await measureRound(variants[index]!, options));
    }
  }
  console.log(
    `\nA bare Node http server, ${options.connections} connections, medians of ${options.rounds} rounds of ${options.seconds} s after ${options.warmupSeconds} s of warm-up, Node ${process.version}, ` +
      `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'})${PINNING ? `, the server pinned to core ${SERVER_CORE}` : ''}, ${new Date().toISOString()}`,
  );
  console.log('\n| variant | requests/s | server CPU µs per request | above none sampled | each round (µs) |\n|---|---|---|---|---|');
  const cpu = rounds.map((measured) => medianOf(measured.map((round) => round.cpuMicrosPerRequest)));
  for (const [index, variant] of variants.entries()) {
    const each = rounds[index]!.map((round) => round.cpuMicrosPerRequest.toFixed(1)).join(' ');
    const aboveNone = index >= 1 ? `${(cpu[index]! - cpu[1]!).toFixed(2)}` : '';
    console.log(`| ${variant.label} | ${Math.round(medianOf(rounds[index]!.map((round) => round.requestsPerSecond)))} | ${cpu[index]!.toFixed(2)} | ${aboveNone} | ${each} |`);
  }
  const recording = cpu[3]! - cpu[1]!;
  console.log(
    `\n${options.sampleRatio} sampled costs ${(cpu[2]! - cpu[1]!).toFixed(2)} µs per request above none sampled; ` +
      `its share of recording every request (${recording.toFixed(2)} µs) would be ${(recording * options.sampleRatio).toFixed(2)} µs.`,
  );
}
