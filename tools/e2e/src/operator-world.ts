import { radar } from './radar-cli';
import type { E2eStack } from './stack/e2e-stack';

/** The world a test needs, set up through the CLI as an operator would. */

export interface CreatedWorkspace {
  workspace_id: string;
  owner_user_id: string;
}

export interface CreatedToken {
  token_id: string;
  token: string;
  scope: string;
  expires_at: string | null;
}

export const createWorkspace = (stack: E2eStack, name: string, credits?: number): Promise<CreatedWorkspace> =>
  radar<CreatedWorkspace>(stack, 'workspace', 'create', '--name', name, ...(credits === undefined ? [] : ['--credits', String(credits)]));

export const createUser = async (stack: E2eStack, workspaceId: string, role: 'owner' | 'admin' | 'member'): Promise<string> =>
  (await radar<{ user_id: string }>(stack, 'user', 'create', '--workspace', workspaceId, '--role', role)).user_id;

export const createToken = (stack: E2eStack, userId: string, scope: 'read' | 'read_write', ...expiry: string[]): Promise<CreatedToken> =>
  radar<CreatedToken>(stack, 'token', 'create', '--user', userId, '--name', `e2e ${scope}`, '--scope', scope, ...expiry);

/** A workspace with opening credits and a token of its owner. */
export async function workspaceWithToken(
  stack: E2eStack,
  options: { credits?: number; scope?: 'read' | 'read_write' } = {},
): Promise<CreatedWorkspace & { token: CreatedToken }> {
  const workspace = await createWorkspace(stack, `e2e workspace ${Date.now()}`, options.credits);
  const token = await createToken(stack, workspace.owner_user_id, options.scope ?? 'read');
  return { ...workspace, token };
}
