import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { serviceUrlVariable, type Role, type Scope, type Upstream } from '@radar/contracts';
import { requireCaller } from '@radar/platform/internal-auth';
import { listen, type RunningServer } from '@radar/platform/http';
import { startTestService, testInfrastructure, testKeyPrefix, TEST_SECRETS } from '@radar/platform/testing';
import { gatewayService } from '../src/service';

export const SIGNING_SECRET: string = TEST_SECRETS.INTERNAL_SIGNING_SECRET;
export const OPERATOR_SECRET: string = TEST_SECRETS.OPERATOR_SECRET;

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
  /** Base URLs of the services behind it, by catalogue name. */
  upstreams?: Partial<Record<Upstream, string>>;
  /** Shared by gateways that must count together. */
  redisKeyPrefix?: string;
  namespace?: string;
  databaseUrl?: string;
  /** NATS as this gateway reaches it, e.g. through a proxy a test can cut. */
  natsUrl?: string;
  redisUrl?: string;
  now?: () => number;
  tokenCacheTtlMs?: number;
}

export type TestGateway = Awaited<ReturnType<typeof startGateway>>;

/** A gateway of its own (database, Redis prefix, NATS namespace), or one sharing them with another, wired as in production. */
export async function startGateway(options: GatewayOptions = {}) {
  const redisKeyPrefix = options.redisKeyPrefix ?? testKeyPrefix();
  const upstreamEnv = Object.fromEntries(Object.entries(options.upstreams ?? {}).map(([name, url]) => [serviceUrlVariable(name), url ?? '']));
  const service = await startTestService(gatewayService, {
    namespace: options.namespace,
    databaseUrl: options.databaseUrl,
    clock: options.now && (() => new Date(options.now!())),
    env: {
      REDIS_URL: options.redisUrl ?? testInfrastructure.redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      TOKEN_CACHE_TTL_MS: String(options.tokenCacheTtlMs ?? 10_000),
      // Generous: a loaded CI machine can hold a test upstream's first answer for seconds; no test waits for this timeout.
      UPSTREAM_TIMEOUT_MS: '10000',
      // A shared or unreachable database: migrated by whoever created it, or not there to wait for.
      ...(options.databaseUrl ? { RUN_MIGRATIONS: 'false', MIGRATIONS_WAIT_MS: '0' } : {}),
      ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
      ...upstreamEnv,
    },
  });
  const app = service.apps.main!;
  const operatorApp = service.apps.operator!;

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
    deps: service.deps,
    operator,
    databaseUrl: service.databaseUrl!,
    namespace: service.namespace,
    redisKeyPrefix,
    /** The gateway's own pool: the tests read its tables with plain SQL. */
    pool: service.deps.pool,
    bus: service.deps.bus,
    close: () => service.close(),
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
