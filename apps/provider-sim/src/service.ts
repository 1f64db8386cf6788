import { datasetVersionLabel } from '@radar/contracts';
import { defineService, runService } from '@radar/platform/service';
import { providerSimConfig } from './config';
import { FailureInjector } from './domain/failure-injector';
import { FollowedCompanies } from './domain/followed-companies';
import { followedFeedRoutes } from './http/followed-feed.routes';
import { operatorRoutes } from './http/operator.routes';
import { providerApiRoutes } from './http/provider-api.routes';
import type { ProviderSimDeps } from './use-cases/deps';

/**
 * The local stand-in for the upstream signal provider: the synthetic dataset's events per company
 * and the followed companies' feed, with failure injection. No database, no NATS.
 */
export const providerSimService = defineService({
  name: 'provider-sim',
  config: providerSimConfig,
  nats: false,
  async wire({ config }) {
    const dataset = { seed: config.DATASET_SEED, companies: config.DATASET_COMPANIES };
    const deps: ProviderSimDeps = { dataset, followed: new FollowedCompanies(dataset), failures: new FailureInjector() };
    return {
      deps,
      // `radar status` shows it beside search's: the two must serve the same dataset.
      status: { dataVersion: async () => datasetVersionLabel(dataset.seed, dataset.companies) },
      http: [
        {
          routes: [
            operatorRoutes({ ...deps, operatorSecret: config.OPERATOR_SECRET }),
            providerApiRoutes({ ...deps, apiKey: config.PROVIDER_API_KEY, timeoutHoldMs: config.PROVIDER_SIM_TIMEOUT_HOLD_MS }),
            followedFeedRoutes({ ...deps, apiKey: config.PROVIDER_API_KEY }),
          ],
        },
      ],
    };
  },
});

export const run = () => runService(providerSimService);
