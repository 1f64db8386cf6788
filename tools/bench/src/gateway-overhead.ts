import os from 'node:os';
import { signCaller } from '@radar/platform/internal-auth';
import { startStack } from '@radar/e2e';
import { benchWorkspace } from './bench-workspace';
import { printTable, runLoad } from './load';

/**
 * GET /credits through the gateway (auth, rate limit in Redis, forwarding) against the same
 * request straight to the ledger: the difference is the gateway's cost per request.
 */
export async function benchGatewayOverhead(options: { seconds: number; connections: number }): Promise<void> {
  const stack = await startStack({ gatewayEnv: { RATE_LIMIT_SCALE: '1000000' } });
  try {
    const { token, caller } = await benchWorkspace(stack);

    const throughGateway = { url: `${stack.gatewayUrl}/api/v1/credits`, headers: { authorization: `Bearer ${token}` } };
    const toLedger = () => ({ url: `${stack.ledgerUrl}/credits`, headers: signCaller(caller, stack.signingSecret) });
    // Warm both paths (JIT, connection pools, token cache) before measuring.
    await runLoad({ ...throughGateway, label: 'warm-up', connections: options.connections, durationSeconds: 2 });
    await runLoad({ ...toLedger(), label: 'warm-up', connections: options.connections, durationSeconds: 2 });

    // Latency: one request at a time, so queueing does not hide the per-request cost.
    const latency = { connections: 1, durationSeconds: options.seconds };
    const directLatency = await runLoad({ ...toLedger(), ...latency, label: 'ledger direct, 1 connection' });
    const gatewayLatency = await runLoad({ ...throughGateway, ...latency, label: 'through gateway, 1 connection' });
    // Throughput: enough connections to keep both cores busy.
    const load = { connections: options.connections, durationSeconds: options.seconds };
    const directLoad = await runLoad({ ...toLedger(), ...load, label: `ledger direct, ${options.connections} connections` });
    const gatewayLoad = await runLoad({ ...throughGateway, ...load, label: `through gateway, ${options.connections} connections` });

    console.log(`\nGET /credits, ${options.seconds} s per run, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`);
    printTable([directLatency, gatewayLatency, directLoad, gatewayLoad]);
    // autocannon's percentiles are whole milliseconds; the mean shows the sub-millisecond cost.
    console.log(`\ngateway added latency at 1 connection: p50 ${gatewayLatency.p50Ms - directLatency.p50Ms} ms, mean ${(gatewayLatency.meanMs - directLatency.meanMs).toFixed(2)} ms`);
    console.log(`throughput through the gateway: ${gatewayLoad.requestsPerSecond} req/s (ledger alone: ${directLoad.requestsPerSecond} req/s)`);
  } finally {
    await stack.stop();
  }
}
