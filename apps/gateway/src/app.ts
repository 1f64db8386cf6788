import type { Express } from 'express';
import { createServiceApp } from '@radar/platform/http';
import { apiRoutes, type ApiRouteDeps } from './http/api.routes';
import type { Upstream } from './http/public-routes';
import { operatorRoutes } from './operator/operator.routes';
import type { GatewayDeps } from './use-cases/deps';

export interface GatewayAppDeps extends GatewayDeps, ApiRouteDeps {
  readiness?: Record<string, () => Promise<unknown>>;
}

/** The public gateway: /api/v1 in front of every service. Bodies stream through unread. */
export function createApp(deps: GatewayAppDeps): Express {
  return createServiceApp({
    logger: deps.logger,
    readiness: deps.readiness,
    routes: apiRoutes(deps),
    parseJsonBodies: false,
  });
}

/** The operator interface for the `radar` CLI, on its own internal port. */
export function createOperatorApp(
  deps: GatewayAppDeps,
  operatorSecret: string,
  upstreams: Partial<Record<Upstream, string>> = {},
): Express {
  return createServiceApp({ logger: deps.logger, readiness: deps.readiness, routes: operatorRoutes(deps, operatorSecret, upstreams) });
}
