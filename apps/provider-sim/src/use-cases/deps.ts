import type { FailureInjector } from '../domain/failure-injector';
import type { FollowedCompanies } from '../domain/followed-companies';
import type { DatasetView } from '../domain/provider-timeline';

/** The provider stand-in keeps everything in memory: the dataset it serves, its followed companies, the failures injected. */
export interface ProviderSimDeps {
  dataset: DatasetView;
  followed: FollowedCompanies;
  failures: FailureInjector;
}
