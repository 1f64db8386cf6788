import type { Caller } from '@radar/contracts';
import type { E2eStack } from '@radar/e2e';

/** A workspace with credits and a read token of its owner, made through the stack's operator API; the caller as the gateway signs it. */
export async function benchWorkspace(stack: E2eStack): Promise<{ token: string; caller: Caller }> {
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
  return {
    token: token.token as string,
    caller: {
      workspaceId: workspace.workspace_id as string,
      userId: workspace.owner_user_id as string,
      tokenId: token.token_id as string,
      scope: 'read',
      role: 'owner',
    },
  };
}
