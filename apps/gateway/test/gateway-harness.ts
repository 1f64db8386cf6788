import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { Role, Scope } from '@radar/contracts';
import { requireCaller } from '@radar/platform/internal-auth';
import { listen, type RunningServer } from '@radar/platform/http';
import { Bus } from '@radar/platform/nats';
import { createTestDatabase, silentLogger, testInfrastructure, testKeyPrefix, testNamespace } from '@radar/platform/testing';
import { createApp, createOperatorApp, type GatewayAppDeps } from '../src/app';
import { TokenCache } from '../src/auth/token-cache';
import { IdentityRepository } from '../src/data/identity.repository';
import { createGatewayPrisma } from '../src/data/prisma';
import { listenForIdentityChanges } from '../src/events/identity.listeners';
import type { Upstream } from '../src/http/public-routes';
import { Forwarder } from '../src/proxy/forwarder';
import { RateLimiter } from '../src/rate-limit/rate-limiter';

export const SIGNING_SECRET = 'gateway-test-signing-secret-0123456789abcdef';
export const OPERATOR_SECRET = 'gateway-test-operator-secret-0123456789abcdef';

/**
 * A stand-in for the services behind the gateway: it accepts only gateway-signed identities
 * and echoes what reached it; `?status=N` makes it answer with that status.
 */
export async function startEchoService(): Promise<RunningServer> {
  const app = express();
  app.use(requireCaller(SIGNING_SECRET));
  app.use(express.json());
  app.use((req, res) => {
    const status = Number(req.query.status ?? 200);
    // `?pad=N` makes the answer N characters longer, for answers that must stream.
    const padding = 'x'.repeat(Number(req.query.pad ?? 0));
    res.status(status).json({
      padding,
      caller: req.caller,
      method: req.method,
      url: req.originalUrl,
      body: req.body ?? null,
      headers: req.headers,
    });
  });
  app.use((error: Error & { code?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(401).json({ detail: { code: error.name, message: error.message } });
  });
  return listen(app, 0);
}

export interface GatewayOptions {
  upstreams?: Partial<Record<Upstream, string>>;
  /** Shared by gateways that must count together. */
  redisKeyPrefix?: string;
  namespace?: string;
  databaseUrl?: string;
  redisUrl?: string;
  now?: () => number;
  tokenCacheTtlMs?: number;
}

export type TestGateway = Awaited<ReturnType<typeof startGateway>>;

/** A gateway of its own (database, Redis prefix, NATS namespace), or one sharing them with another. */
export async function startGateway(options: GatewayOptions = {}) {
  const database = options.databaseUrl ? undefined : await createTestDatabase('gateway', path.join(__dirname, '../prisma/migrations'));
  const databaseUrl = options.databaseUrl ?? database!.url;
  const prisma = createGatewayPrisma(databaseUrl);
  const logger = silentLogger();
  const namespace = options.namespace ?? testNamespace();
  const redisKeyPrefix = options.redisKeyPrefix ?? testKeyPrefix();
  const redis = new Redis(options.redisUrl ?? testInfrastructure.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 500,
    lazyConnect: true,
  });
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'gateway-test', namespace, logger });
  await bus.ensureStreams();
  const tokenCache = new TokenCache(options.tokenCacheTtlMs ?? 10_000);
  listenForIdentityChanges(bus, tokenCache);
  const forwarder = new Forwarder({ upstreams: options.upstreams ?? {}, signingSecret: SIGNING_SECRET, timeoutMs: 2_000 });
  const deps: GatewayAppDeps = {
    identity: new IdentityRepository(prisma),
    tokenCache,
    bus,
    logger,
    now: () => new Date(options.now?.() ?? Date.now()),
    rateLimiter: new RateLimiter(redis, { keyPrefix: redisKeyPrefix }, options.now),
    forwarder,
  };
  const app = createApp(deps);
  const operatorApp = createOperatorApp(deps, OPERATOR_SECRET);

  const operator = {
    async call(method: 'post' | 'patch', url: string, body: object) {
      const agent = request(operatorApp);
      const response = await agent[method](`/operator/v1${url}`).set('Authorization', `Bearer ${OPERATOR_SECRET}`).send(body);
      if (response.status >= 300) throw new Error(`operator ${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
      return response.body;
    },
    workspace: (name = 'Acme') => operator.call('post', '/workspaces', { name }) as Promise<{ workspace_id: string; owner_user_id: string }>,
    user: (workspaceId: string, role: Role) =>
      operator.call('post', '/users', { workspace_id: workspaceId, role }) as Promise<{ user_id: string }>,
    setRole: (userId: string, role: Role) => operator.call('patch', `/users/${userId}`, { role }),
    token: (userId: string, scope: Scope, extra: object = {}) =>
      operator.call('post', '/tokens', { user_id: userId, name: 'test', scope, ...extra }) as Promise<{ token_id: string; token: string }>,
    revoke: (tokenId: string) => operator.call('post', `/tokens/${tokenId}/revoke`, {}),
  };

  return {
    app,
    operatorApp,
    deps,
    operator,
    databaseUrl,
    namespace,
    redisKeyPrefix,
    prisma,
    bus,
    async close() {
      await forwarder.close();
      await bus.deleteStreams();
      await bus.close();
      redis.disconnect();
      await prisma.$disconnect();
      await database?.drop();
    },
  };
}

/** A workspace with one user of the given role and a token of the given scope. */
export async function tokenFor(gateway: TestGateway, scope: Scope, role: Role = 'owner') {
  const { workspace_id, owner_user_id } = await gateway.operator.workspace();
  const userId = role === 'owner' ? owner_user_id : (await gateway.operator.user(workspace_id, role)).user_id;
  const { token, token_id } = await gateway.operator.token(userId, scope);
  return { token, tokenId: token_id, workspaceId: workspace_id, userId };
}

export const closedPortUrl = async (): Promise<string> => {
  const probe = await listen(express(), 0);
  const { port } = probe.server.address() as AddressInfo;
  await probe.close();
  return `http://127.0.0.1:${port}`;
};
