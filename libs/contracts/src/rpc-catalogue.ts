import {
  balanceReplySchema,
  balanceRequestSchema,
  chargeBatchReplySchema,
  chargeBatchRequestSchema,
  chargeRequestSchema,
  grantRequestSchema,
  ledgerOutcomeSchema,
  refundRequestSchema,
} from './ledger';
import { savedListDomainsReplySchema, savedListDomainsRequestSchema } from './list-rpc';
import type { RpcDefinition } from './rpc';
import { companyRowsReplySchema, companyRowsRequestSchema, exportCandidatesReplySchema, exportCandidatesRequestSchema } from './search-rpc';
import { slackConnectionReplySchema, slackConnectionRequestSchema, webhookExistsReplySchema, webhookExistsRequestSchema } from './webhook-registry';

/**
 * Every request-reply endpoint of the system, grouped by the service that answers it: subject,
 * request schema, reply schema. Subjects are wire names (a caller and a server of another
 * version must still meet): do not rename without a migration plan.
 */
export const RPCS = {
  ledger: {
    charge: { subject: 'ledger.rpc.charge', request: chargeRequestSchema, reply: ledgerOutcomeSchema },
    chargeBatch: { subject: 'ledger.rpc.charge_batch', request: chargeBatchRequestSchema, reply: chargeBatchReplySchema },
    refund: { subject: 'ledger.rpc.refund', request: refundRequestSchema, reply: ledgerOutcomeSchema },
    grant: { subject: 'ledger.rpc.grant', request: grantRequestSchema, reply: ledgerOutcomeSchema },
    balance: { subject: 'ledger.rpc.balance', request: balanceRequestSchema, reply: balanceReplySchema },
  },
  search: {
    exportCandidates: { subject: 'search.rpc.export-candidates', request: exportCandidatesRequestSchema, reply: exportCandidatesReplySchema },
    companyRows: { subject: 'search.rpc.company-rows', request: companyRowsRequestSchema, reply: companyRowsReplySchema },
    savedListDomains: { subject: 'search.rpc.saved_list_domains', request: savedListDomainsRequestSchema, reply: savedListDomainsReplySchema },
  },
  /** A webhook or connection of another workspace does not exist for the asking workspace. */
  webhooks: {
    webhookExists: { subject: 'webhooks.rpc.webhook_exists', request: webhookExistsRequestSchema, reply: webhookExistsReplySchema },
    slackConnection: { subject: 'webhooks.rpc.slack_connection', request: slackConnectionRequestSchema, reply: slackConnectionReplySchema },
  },
} as const satisfies Record<string, Record<string, RpcDefinition>>;

export type RpcService = keyof typeof RPCS;
