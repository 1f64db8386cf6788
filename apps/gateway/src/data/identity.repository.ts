import type { EventSubject, Role, Scope } from '@radar/contracts';
import { writeOutboxEvent, type OutboxEvent } from '@radar/platform/outbox';
import type { GatewayPrisma, GatewayTransaction } from './prisma';

export interface StoredToken {
  id: string;
  workspaceId: string;
  userId: string;
  scope: Scope;
  tokenHash: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  role: Role;
}

export interface NewToken {
  workspaceId: string;
  userId: string;
  name: string;
  scope: Scope;
  tokenHash: string;
  expiresAt: Date | null;
}

/** Workspaces, users and tokens, and the events about them: the only code that touches the gateway's tables. */
export class IdentityRepository {
  constructor(private readonly prisma: GatewayPrisma | GatewayTransaction) {}

  /** Runs `work` in one transaction with a repository bound to it (inside a transaction already: in that one). */
  async transaction<T>(work: (identity: IdentityRepository) => Promise<T>): Promise<T> {
    if (!('$transaction' in this.prisma)) return work(this);
    return this.prisma.$transaction((transaction) => work(new IdentityRepository(transaction)));
  }

  /** Writes an event to the outbox; inside `transaction`, it commits with the change it reports, and the relay publishes it. */
  async recordEvent<S extends EventSubject>(event: OutboxEvent<S>): Promise<void> {
    await writeOutboxEvent(this.prisma, event);
  }

  async createWorkspaceWithOwner(name: string): Promise<{ workspaceId: string; ownerUserId: string }> {
    const workspace = await this.prisma.workspace.create({
      data: { name, users: { create: { role: 'owner' } } },
      include: { users: true },
    });
    const owner = workspace.users[0];
    if (!owner) throw new Error('workspace created without its owner');
    return { workspaceId: workspace.id, ownerUserId: owner.id };
  }

  async deleteWorkspace(workspaceId: string): Promise<void> {
    await this.prisma.workspace.delete({ where: { id: workspaceId } });
  }

  async workspaceExists(workspaceId: string): Promise<boolean> {
    return (await this.prisma.workspace.count({ where: { id: workspaceId } })) > 0;
  }

  async createUser(workspaceId: string, role: Role): Promise<{ userId: string }> {
    const user = await this.prisma.user.create({ data: { workspaceId, role } });
    return { userId: user.id };
  }

  async findUser(userId: string): Promise<{ id: string; workspaceId: string; role: Role } | null> {
    return this.prisma.user.findUnique({ where: { id: userId }, select: { id: true, workspaceId: true, role: true } });
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    await this.prisma.user.update({ where: { id: userId, workspaceId }, data: { role } });
  }

  async countOwners(workspaceId: string): Promise<number> {
    return this.prisma.user.count({ where: { workspaceId, role: 'owner' } });
  }

  /** The holder's role now, or null when the user is gone from the workspace. */
  async currentRole(workspaceId: string, userId: string): Promise<Role | null> {
    const user = await this.prisma.user.findFirst({ where: { id: userId, workspaceId }, select: { role: true } });
    return user?.role ?? null;
  }

  async createToken(token: NewToken): Promise<{ tokenId: string }> {
    const created = await this.prisma.apiToken.create({ data: token, select: { id: true } });
    return { tokenId: created.id };
  }

  async findTokenByHash(tokenHash: string): Promise<StoredToken | null> {
    const token = await this.prisma.apiToken.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        workspaceId: true,
        userId: true,
        scope: true,
        tokenHash: true,
        expiresAt: true,
        revokedAt: true,
        user: { select: { role: true } },
      },
    });
    if (!token) return null;
    const { user, ...rest } = token;
    return { ...rest, role: user.role };
  }

  async findToken(tokenId: string): Promise<{ id: string; workspaceId: string; revokedAt: Date | null } | null> {
    return this.prisma.apiToken.findUnique({ where: { id: tokenId }, select: { id: true, workspaceId: true, revokedAt: true } });
  }

  /** False when the token was revoked already. */
  async revokeToken(workspaceId: string, tokenId: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.apiToken.updateMany({ where: { id: tokenId, workspaceId, revokedAt: null }, data: { revokedAt: at } });
    return count > 0;
  }
}
