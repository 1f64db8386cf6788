import {
  clearProviderFailuresBodySchema,
  injectProviderFailureBodySchema,
  PROVIDER_OPERATOR_ROUTES,
  providerOperatorResultSchema,
} from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { integerFlag, stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

/** Failure injection of the local provider stand-in (provider-sim); a real provider has no such routes. */
export const providerCommands: NounSpec = {
  name: 'provider',
  summary: 'The local signal provider stand-in (failure injection)',
  verbs: [
    {
      name: 'fail',
      summary: 'Make the local provider fail for a domain: errors (503) or timeouts, for N requests or until recovered. Prints {ok: true}',
      flags: [
        { flags: '--domain <domain>', description: 'the company domain', required: true },
        { flags: '--signal-type <type>', description: 'only this signal type (default: all)' },
        { flags: '--times <count>', description: 'fail the next N requests, then recover (default: until `provider recover`)' },
        { flags: '--mode <mode>', description: 'error (503, the default) or timeout (the response is held)' },
      ],
      examples: [
        'radar provider fail --domain acme.com',
        'radar provider fail --domain acme.com --signal-type news_events --times 3 --mode timeout',
      ],
      toRequest: (flags) =>
        operatorRequest(PROVIDER_OPERATOR_ROUTES.injectFailure, {
          body: validateFlags(injectProviderFailureBodySchema, {
            domain: stringFlag(flags, 'domain'),
            signal_type: stringFlag(flags, 'signalType'),
            times: integerFlag(flags, 'times', '--times'),
            mode: stringFlag(flags, 'mode'),
          }),
          result: providerOperatorResultSchema,
        }),
    },
    {
      name: 'recover',
      summary: 'Clear the injected failures of a domain (all domains without --domain). Prints {ok: true}',
      flags: [{ flags: '--domain <domain>', description: 'the company domain (default: all)' }],
      examples: [
        'radar provider recover',
        'radar provider recover --domain acme.com',
      ],
      toRequest: (flags) =>
        operatorRequest(PROVIDER_OPERATOR_ROUTES.clearFailures, {
          body: validateFlags(clearProviderFailuresBodySchema, { domain: stringFlag(flags, 'domain') }),
          result: providerOperatorResultSchema,
        }),
    },
  ],
};
