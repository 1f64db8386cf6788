import path from 'node:path';
import type { Pool } from 'pg';
import { createPool } from '@radar/platform/database';
import { createTestDatabase, type TestDatabase } from '@radar/platform/testing';
import {
  lockOwners,
  currentRole,
  deleteWorkspace,
  findToken,
  findTokenByHash,
  findUser,
  insertToken,
  insertUser,
  insertWorkspaceWithOwner,
  markTokenRevoked,
  updateUserRole,
  workspaceExists,
} from '../src/data/identity.repository';
import { hashApiToken } from '../src/domain/api-token';

describe('the identity repository, against PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    database = await createTestDatabase('gateway_identity', path.join(__dirname, '../prisma/migrations'));
    pool = createPool(database.url);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const aToken = async (workspaceId: string, userId: string, secret: string) =>
    insertToken(pool, workspaceId, { userId, name: 'ci', scope: 'read_write', tokenHash: hashApiToken(secret), expiresAt: null });

  it('creates a workspace with its owner in one statement', async () => {
    const { workspaceId, ownerUserId } = await insertWorkspaceWithOwner(pool, 'Acme');
    expect(await workspaceExists(pool, workspaceId)).toBe(true);
    expect(await findUser(pool, ownerUserId)).toEqual({ id: ownerUserId, workspaceId, role: 'owner' });
    expect(await lockOwners(pool, workspaceId)).toEqual([ownerUserId]);
  });

  it('finds a token by its hash with its holder\'s role as it is now, and nothing for an unknown hash', async () => {
    const { workspaceId } = await insertWorkspaceWithOwner(pool, 'Acme');
    const { userId } = await insertUser(pool, workspaceId, 'member');
    const { tokenId } = await aToken(workspaceId, userId, 'rdr_role-now');
    await updateUserRole(pool, workspaceId, userId, 'admin');
    expect(await findTokenByHash(pool, hashApiToken('rdr_role-now'))).toEqual({
      id: tokenId,
      workspaceId,
      userId,
      scope: 'read_write',
      tokenHash: hashApiToken('rdr_role-now'),
      expiresAt: null,
      revokedAt: null,
      role: 'admin',
    });
    expect(await findTokenByHash(pool, hashApiToken('rdr_never-issued'))).toBeUndefined();
  });

  it('reads a role only within the workspace named', async () => {
    const { workspaceId, ownerUserId } = await insertWorkspaceWithOwner(pool, 'Acme');
    const other = await insertWorkspaceWithOwner(pool, 'Other');
    expect(await currentRole(pool, workspaceId, ownerUserId)).toBe('owner');
    expect(await currentRole(pool, other.workspaceId, ownerUserId)).toBeNull();
  });

  it('revokes a token once: a second revocation changes nothing and says so', async () => {
    const { workspaceId, ownerUserId } = await insertWorkspaceWithOwner(pool, 'Acme');
    const { tokenId } = await aToken(workspaceId, ownerUserId, 'rdr_revoked');
    const at = new Date('2026-11-21T12:00:00.123Z');
    expect(await markTokenRevoked(pool, workspaceId, tokenId, at)).toBe(true);
    expect(await markTokenRevoked(pool, workspaceId, tokenId, new Date())).toBe(false);
    expect(await findToken(pool, tokenId)).toEqual({ id: tokenId, workspaceId, revokedAt: at });
  });

  it('deletes a workspace with its users and tokens', async () => {
    const { workspaceId, ownerUserId } = await insertWorkspaceWithOwner(pool, 'Short-lived');
    const { tokenId } = await aToken(workspaceId, ownerUserId, 'rdr_short-lived');
    await deleteWorkspace(pool, workspaceId);
    expect(await workspaceExists(pool, workspaceId)).toBe(false);
    expect(await findUser(pool, ownerUserId)).toBeUndefined();
    expect(await findToken(pool, tokenId)).toBeUndefined();
  });
});
