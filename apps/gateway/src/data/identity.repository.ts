import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { roleSchema, scopeSchema, type Role, type Scope } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/**
 * Workspaces, users and API tokens: statements only. A user or a token looked up by its own id
 * or by a token's hash names no workspace: those lookups are how the operator and the
 * authentication learn which workspace it belongs to.
 */

const storedTokenRow = z
  .object({
    id: z.string(),
    workspace_id: z.string(),
    user_id: z.string(),
    scope: scopeSchema,
    token_hash: z.string(),
    expires_at: z.date().nullable(),
    revoked_at: z.date().nullable(),
    role: roleSchema,
  })
  .transform((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    userId: row.user_id,
    scope: row.scope,
    tokenHash: row.token_hash,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    role: row.role,
  }));

/** A token with its holder's role, as authentication needs it. */
export type StoredToken = z.output<typeof storedTokenRow>;

const tokenRow = z
  .object({ id: z.string(), workspace_id: z.string(), revoked_at: z.date().nullable() })
  .transform((row) => ({ id: row.id, workspaceId: row.workspace_id, revokedAt: row.revoked_at }));

export type TokenRecord = z.output<typeof tokenRow>;

const userRow = z
  .object({ id: z.string(), workspace_id: z.string(), role: roleSchema })
  .transform((row) => ({ id: row.id, workspaceId: row.workspace_id, role: row.role }));

export type UserRecord = z.output<typeof userRow>;

const roleRow = z.object({ role: roleSchema });
const idRow = z.object({ id: z.string() });

/** A workspace and its first user, the owner, in one statement. */
export async function insertWorkspaceWithOwner(db: Queryable, name: string): Promise<{ workspaceId: string; ownerUserId: string }> {
  const workspaceId = randomUUID();
  const ownerUserId = randomUUID();
  await db.query(
    `WITH workspace AS (INSERT INTO workspaces (id, name) VALUES ($1, $2) RETURNING id)
     INSERT INTO users (id, workspace_id, role) SELECT $3, id, 'owner' FROM workspace`,
    [workspaceId, name, ownerUserId],
  );
  return { workspaceId, ownerUserId };
}

/** Deletes the workspace; its users and tokens go with it (ON DELETE CASCADE). */
export async function deleteWorkspace(db: Queryable, workspaceId: string): Promise<void> {
  await db.query('DELETE FROM workspaces WHERE id = $1', [workspaceId]);
}

export async function workspaceExists(db: Queryable, workspaceId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM workspaces WHERE id = $1', [workspaceId]);
  return (rowCount ?? 0) > 0;
}

export async function insertUser(db: Queryable, workspaceId: string, role: Role): Promise<{ userId: string }> {
  const userId = randomUUID();
  await db.query('INSERT INTO users (id, workspace_id, role) VALUES ($1, $2, $3)', [userId, workspaceId, role]);
  return { userId };
}

export async function findUser(db: Queryable, userId: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query('SELECT id, workspace_id, role FROM users WHERE id = $1', [userId]);
  return rows[0] ? userRow.parse(rows[0]) : undefined;
}

export async function updateUserRole(db: Queryable, workspaceId: string, userId: string, role: Role): Promise<void> {
  await db.query('UPDATE users SET role = $3, updated_at = now() WHERE id = $2 AND workspace_id = $1', [workspaceId, userId, role]);
}

/**
 * The workspace's owners, their rows locked until the transaction ends: a concurrent role change
 * of another owner waits, then reads the owners as that change left them.
 */
export async function lockOwners(db: Queryable, workspaceId: string): Promise<string[]> {
  const { rows } = await db.query(`SELECT id FROM users WHERE workspace_id = $1 AND role = 'owner' ORDER BY id FOR UPDATE`, [workspaceId]);
  return rows.map((row) => idRow.parse(row).id);
}

/** The holder's role now, or null when the user is gone from the workspace. Read on every monitor or webhook change. */
export async function currentRole(db: Queryable, workspaceId: string, userId: string): Promise<Role | null> {
  const { rows } = await db.query({
    // A named statement: parsed and planned once per connection (docs/performance.md).
    name: 'gateway-current-role',
    text: 'SELECT role FROM users WHERE id = $2 AND workspace_id = $1',
    values: [workspaceId, userId],
  });
  return rows[0] ? roleRow.parse(rows[0]).role : null;
}

export interface NewToken {
  userId: string;
  name: string;
  scope: Scope;
  tokenHash: string;
  expiresAt: Date | null;
}

export async function insertToken(db: Queryable, workspaceId: string, token: NewToken): Promise<{ tokenId: string }> {
  const tokenId = randomUUID();
  await db.query(
    'INSERT INTO api_tokens (id, workspace_id, user_id, name, scope, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [tokenId, workspaceId, token.userId, token.name, token.scope, token.tokenHash, token.expiresAt],
  );
  return { tokenId };
}

/**
 * The token with this hash and its holder's role: one statement on the unique index of the
 * hash, on every request whose token is not cached, so a named statement.
 */
export async function findTokenByHash(db: Queryable, tokenHash: string): Promise<StoredToken | undefined> {
  const { rows } = await db.query({
    name: 'gateway-token-by-hash',
    text: `SELECT t.id, t.workspace_id, t.user_id, t.scope, t.token_hash, t.expires_at, t.revoked_at, u.role
           FROM api_tokens t JOIN users u ON u.id = t.user_id
           WHERE t.token_hash = $1`,
    values: [tokenHash],
  });
  return rows[0] ? storedTokenRow.parse(rows[0]) : undefined;
}

export async function findToken(db: Queryable, tokenId: string): Promise<TokenRecord | undefined> {
  const { rows } = await db.query('SELECT id, workspace_id, revoked_at FROM api_tokens WHERE id = $1', [tokenId]);
  return rows[0] ? tokenRow.parse(rows[0]) : undefined;
}

/** False when the token was revoked already. */
export async function markTokenRevoked(db: Queryable, workspaceId: string, tokenId: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE api_tokens SET revoked_at = $3 WHERE id = $2 AND workspace_id = $1 AND revoked_at IS NULL', [workspaceId, tokenId, at]);
  return (rowCount ?? 0) > 0;
}
