import type { ProviderSimDeps } from './deps';

/** `radar provider recover`: the domain's injected failures are forgotten, or every domain's without one. */
export function clearFailures(deps: Pick<ProviderSimDeps, 'failures'>, domain: string | undefined): void {
  deps.failures.clear(domain);
}
