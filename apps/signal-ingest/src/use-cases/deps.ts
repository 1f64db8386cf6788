import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { ProviderClient } from '../clients/provider-client';
import type { CheckRecorder } from './check-recorder';
import type { LeadsFeedSettings } from './ingest-leads';

export interface SignalIngestDeps {
  pool: Pool;
  provider: Pick<ProviderClient, 'companyItems' | 'followedCompanies'>;
  leadsFeed: LeadsFeedSettings;
  /** Looks up and records checks in batches shared by the checks running at once. */
  checks: Pick<CheckRecorder, 'findAnswered' | 'record'>;
  logger: Logger;
  now: () => Date;
}
