import type { InjectProviderFailureBody } from '@radar/contracts';
import type { ProviderSimDeps } from './deps';

/** `radar provider fail`: later requests for the domain (and signal type, if given) fail as asked. */
export function injectFailure(deps: Pick<ProviderSimDeps, 'failures'>, failure: InjectProviderFailureBody): void {
  deps.failures.inject(failure);
}
