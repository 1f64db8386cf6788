import type { SignalType } from '@radar/contracts';

/** The ledger reason of a check's charge and of its refund. */
export const MONITOR_CHARGE_REASON = 'monitor_charge';
export const MONITOR_REFUND_REASON = 'monitor_refund';

/**
 * One ledger charge per check, idempotent on this reference (decisions.md): a restart that
 * charges the same check again moves no credit.
 */
export const chargeReference = (monitorId: string, runDate: string, domain: string, signalType: SignalType): string =>
  `monitor:${monitorId}:${runDate}:${domain}:${signalType}`;

export const refundReference = (chargeRef: string): string => `${chargeRef}:refund`;
