import { Router } from 'express';
import {
  clearProviderFailuresBodySchema,
  injectProviderFailureBodySchema,
  OPERATOR_PREFIX,
  PROVIDER_OPERATOR_ROUTES,
} from '@radar/contracts';
import { requireOperatorSecret } from '@radar/platform/internal-auth';
import { parseInput } from '@radar/platform/http';
import { clearFailures } from '../use-cases/clear-failures';
import type { ProviderSimDeps } from '../use-cases/deps';
import { injectFailure } from '../use-cases/inject-failure';

/** `radar provider fail` and `radar provider recover`, through the gateway's operator passthrough. */
export function operatorRoutes(deps: Pick<ProviderSimDeps, 'failures'> & { operatorSecret: string }): Router {
  const router = Router();
  router.use(requireOperatorSecret(deps.operatorSecret));
  router.post(PROVIDER_OPERATOR_ROUTES.injectFailure.path, (req, res) => {
    const body = parseInput(injectProviderFailureBodySchema, req.body ?? {}, 'body');
    injectFailure(deps, body);
    req.log.info({ failure: body }, 'provider failure injected');
    res.json({ ok: true });
  });
  router.post(PROVIDER_OPERATOR_ROUTES.clearFailures.path, (req, res) => {
    const body = parseInput(clearProviderFailuresBodySchema, req.body ?? {}, 'body');
    clearFailures(deps, body.domain);
    res.json({ ok: true });
  });
  const mounted = Router();
  mounted.use(OPERATOR_PREFIX, router);
  return mounted;
}
