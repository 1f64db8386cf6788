import { boundedLabel, counter } from '@radar/platform/metrics';

/** Reasons are set by the calling services (export_charge, monitor_refund...): a handful. */
const reasonLabel = boundedLabel(32);

const charged = counter({
  name: 'radar_credits_charged_total',
  help: 'Credits taken by charges that applied now (replays of a reference already charged not counted), by reason',
  labelNames: ['reason'] as const,
});

const refunded = counter({
  name: 'radar_credits_refunded_total',
  help: 'Credits given back by refunds that applied now, by reason',
  labelNames: ['reason'] as const,
});

const refused = counter({
  name: 'radar_credit_charges_refused_total',
  help: 'Charges refused for an insufficient balance, by reason',
  labelNames: ['reason'] as const,
});

/** What the ledger's writes add to the credit counters; called after the write committed. */
export const creditMetrics = {
  charged(reason: string, amount: number): void {
    if (amount > 0) charged.inc({ reason: reasonLabel(reason) }, amount);
  },
  refunded(reason: string, amount: number): void {
    if (amount > 0) refunded.inc({ reason: reasonLabel(reason) }, amount);
  },
  refused(reason: string, count = 1): void {
    if (count > 0) refused.inc({ reason: reasonLabel(reason) }, count);
  },
};
