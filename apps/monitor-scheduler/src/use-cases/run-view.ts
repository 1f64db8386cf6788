import type { RunCheck, RunSummary } from '@radar/contracts';
import type { CheckRecord, RunRecord } from '../data/run.repository';

export const toRunSummary = (run: RunRecord): RunSummary => ({
  id: run.id,
  monitor_id: run.monitorId,
  run_date: run.runDate,
  status: run.status,
  started_at: run.startedAt.toISOString(),
  completed_at: run.completedAt?.toISOString() ?? null,
  domains_total: run.domainsTotal,
  domains_processed: run.domainsProcessed,
  domains_skipped_credits: run.domainsSkippedCredits,
  domains_failed: run.domainsFailed,
  credits_charged: run.creditsCharged,
  credits_refunded: run.creditsRefunded,
  new_items_total: run.newItemsTotal,
});

/** Queued and requested checks are both `pending` to a reader: the run has not settled them yet. */
const shownStatus = (check: CheckRecord): RunCheck['status'] =>
  check.status === 'queued' || check.status === 'requested' ? 'pending' : check.status;

export const toRunCheck = (check: CheckRecord): RunCheck => ({
  domain: check.domain,
  signal_type: check.signalType,
  status: shownStatus(check),
  error_code: check.errorCode,
  items_fetched: check.itemsFetched,
  items_new: check.itemsNew,
  items_pushed: check.itemsPushed,
  credit_charged: check.creditCharged,
  credit_refunded: check.creditRefunded,
  started_at: check.startedAt?.toISOString() ?? null,
  completed_at: check.completedAt?.toISOString() ?? null,
});
