import os from 'node:os';
import { signCaller } from '@radar/platform/internal-auth';
import { startStack } from '../../e2e/src/stack/e2e-stack';
import { printTable, runLoad } from './load';

/**
 * GET /credits through the gateway (auth, rate limit in Redis, forwarding) against the same
 * request straight to the ledger: the difference is the gateway's cost per request.
 */
export async function benchGatewayOverhead(options: { seconds: number; connections: number }): Promise<void> {
  const stack = await startStack({ gatewayEnv: { RATE_LIMIT_SCALE: '1000000' } });
  try {
    const operator = async (route: string, body: object) => {
      const response = await fetch(`${stack.operatorUrl}/operator/v1${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.operatorSecret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, string>>;
    };
    const workspace = await operator('/workspaces', { name: 'bench', credits: 1000 });
    const token = await operator('/tokens', { user_id: workspace.owner_user_id, name: 'bench', scope: 'read' });
    const caller = {
      workspaceId: workspace.workspace_id as string,
      userId: workspace.owner_user_id as string,
      tokenId: token.token_id as string,
      scope: 'read' as const,
      role: 'owner' as const,
    };

    const common = { connections: options.connections, durationSeconds: options.seconds };
    // Warm both paths (JIT, connection pools, token cache) before measuring.
    await runLoad({ ...common, durationSeconds: 2, label: 'warm-up', url: `${stack.gatewayUrl}/api/v1/credits`, headers: { authorization: `Bearer ${token.token}` } });
    const direct = await runLoad({
      ...common,
      label: 'ledger direct',
      url: `${stack.ledgerUrl}/credits`,
      headers: signCaller(caller, stack.signingSecret),
    });
    const through = await runLoad({
      ...common,
      label: 'through gateway',
      url: `${stack.gatewayUrl}/api/v1/credits`,
      headers: { authorization: `Bearer ${token.token}` },
    });

    console.log(`\nGET /credits, ${options.connections} connections, ${options.seconds} s each, ${os.cpus().length} cores, ${new Date().toISOString()}`);
    printTable([direct, through]);
    console.log(`\ngateway added p50: ${(through.p50Ms - direct.p50Ms).toFixed(2)} ms; throughput through gateway: ${through.requestsPerSecond} req/s`);
  } finally {
    await stack.stop();
  }
}
