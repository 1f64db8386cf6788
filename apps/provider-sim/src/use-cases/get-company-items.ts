import type { ProviderFailureMode, ProviderResponse, SignalType } from '@radar/contracts';
import { companyItemsAsOf } from '../domain/provider-timeline';
import type { ProviderSimDeps } from './deps';

export interface CompanyItemsQuery {
  domain: string;
  signalType: SignalType;
  asOf: string;
}

/** The provider's answer to a request for a company's items: the items, or the failure an operator injected for it. */
export type CompanyItemsAnswer = { items: ProviderResponse } | { injectedFailure: ProviderFailureMode };

/**
 * GET /v1/companies/{domain}/{signal_type}: what the provider knows about the company as of the
 * day asked, unless an injected failure meets the request first (and counts it against its `times`).
 */
export function getCompanyItems(deps: Pick<ProviderSimDeps, 'dataset' | 'failures'>, query: CompanyItemsQuery): CompanyItemsAnswer {
  const domain = query.domain.toLowerCase();
  const failure = deps.failures.take(domain, query.signalType);
  if (failure) return { injectedFailure: failure };
  const data = companyItemsAsOf(deps.dataset, domain, query.signalType, query.asOf);
  return { items: { data, meta: { domain, signal_type: query.signalType, as_of: query.asOf, count: data.length } } };
}
