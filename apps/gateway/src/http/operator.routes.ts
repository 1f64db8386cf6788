import { Router } from 'express';
import {
  createTokenBodySchema,
  createUserBodySchema,
  createWorkspaceBodySchema,
  emptyBodySchema,
  grantCreditsBodySchema,
  OPERATOR_PREFIX,
  OPERATOR_ROUTES,
  OPERATOR_STATUS_ROUTES,
  setRoleBodySchema,
  tokenPathSchema,
  userPathSchema,
} from '@radar/contracts';
import { parseInput, parsePath } from '@radar/platform/http';
import { requireOperatorSecret } from '@radar/platform/internal-auth';
import { createToken } from '../use-cases/create-token';
import { createUser } from '../use-cases/create-user';
import { createWorkspace } from '../use-cases/create-workspace';
import type { GatewayDeps } from '../use-cases/deps';
import { grantCredits } from '../use-cases/grant-credits';
import { reportStackStatus } from '../use-cases/report-stack-status';
import { revokeToken } from '../use-cases/revoke-token';
import { setUserRole } from '../use-cases/set-user-role';
import { operatorJobsRoutes } from './operator-jobs.routes';
import { operatorPassthroughRoutes } from './operator-passthrough.routes';
import { answerUpstreamUnavailable } from './upstream-unavailable';

/** What the web app would do with a logged-in session; served on the internal operator port only. */
export function operatorRoutes(deps: GatewayDeps, operatorSecret: string): Router {
  const router = Router();
  router.use(requireOperatorSecret(operatorSecret));

  router.post(OPERATOR_ROUTES.createWorkspace.path, async (req, res) => {
    const body = parseInput(createWorkspaceBodySchema, req.body, 'body');
    res.status(201).json(await createWorkspace(deps, body));
  });
  router.post(OPERATOR_ROUTES.createUser.path, async (req, res) => {
    const body = parseInput(createUserBodySchema, req.body, 'body');
    res.status(201).json(await createUser(deps, { workspaceId: body.workspace_id, role: body.role }));
  });
  router.patch(OPERATOR_ROUTES.setRole.path, async (req, res) => {
    const { user_id } = parsePath(userPathSchema, req.params);
    const body = parseInput(setRoleBodySchema, req.body, 'body');
    res.json(await setUserRole(deps, { userId: user_id, role: body.role }));
  });
  router.post(OPERATOR_ROUTES.createToken.path, async (req, res) => {
    const body = parseInput(createTokenBodySchema, req.body, 'body');
    res.status(201).json(await createToken(deps, body));
  });
  router.post(OPERATOR_ROUTES.revokeToken.path, async (req, res) => {
    const { token_id } = parsePath(tokenPathSchema, req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'body');
    res.json(await revokeToken(deps, token_id));
  });
  router.post(OPERATOR_ROUTES.grantCredits.path, async (req, res) => {
    const body = parseInput(grantCreditsBodySchema, req.body, 'body');
    res.json(await grantCredits(deps, { workspaceId: body.workspace_id, amount: body.amount }));
  });

  router.get(OPERATOR_STATUS_ROUTES.stackStatus.path, async (_req, res) => {
    res.json(await reportStackStatus(deps));
  });
  router.use(operatorJobsRoutes(deps), operatorPassthroughRoutes(deps), answerUpstreamUnavailable());

  const mounted = Router();
  mounted.use(OPERATOR_PREFIX, router);
  return mounted;
}
