/** decisions.md and interface.md: how an export's credits appear in the ledger. */
export const EXPORT_CHARGE_REASON = 'export_charge';
export const EXPORT_REFUND_REASON = 'export_refund';

export const chargeReference = (exportId: string): string => `export:${exportId}:create`;
export const refundReference = (exportId: string): string => `export:${exportId}:refund`;
