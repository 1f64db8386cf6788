import { LRUCache } from 'lru-cache';
import type { StoredToken } from './identity.repository';

/**
 * Recently used tokens, so the hot path does not read the database on every request.
 * Entries live `ttlMs` at most; revocations and role changes evict them at once, in this
 * replica directly and in the others through identity events.
 */
export class TokenCache {
  private readonly byHash: LRUCache<string, StoredToken>;

  constructor(ttlMs: number, max = 50_000) {
    this.byHash = new LRUCache({ max, ttl: Math.max(ttlMs, 1), ttlAutopurge: false });
  }

  get enabled(): boolean {
    return (this.byHash.ttl ?? 0) > 1;
  }

  get(tokenHash: string): StoredToken | undefined {
    return this.enabled ? this.byHash.get(tokenHash) : undefined;
  }

  remember(token: StoredToken): void {
    if (this.enabled) this.byHash.set(token.tokenHash, token);
  }

  forgetToken(tokenId: string): void {
    for (const [hash, token] of this.byHash.entries()) if (token.id === tokenId) this.byHash.delete(hash);
  }

  forgetUser(userId: string): void {
    for (const [hash, token] of this.byHash.entries()) if (token.userId === userId) this.byHash.delete(hash);
  }

  forgetAll(): void {
    this.byHash.clear();
  }
}
