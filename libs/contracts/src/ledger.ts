import { z } from 'zod';

/**
 * The ledger's request-reply API over NATS. Each operation is idempotent on `reference`:
 * a repeated reference returns the first outcome and moves no credit.
 */
const reference = z.string().min(1).max(255);
const reason = z.string().min(1).max(64);

export const chargeRequestSchema = z.strictObject({
  workspaceId: z.uuid(),
  amount: z.number().int().positive(),
  reason,
  reference,
});

export const refundRequestSchema = z.strictObject({
  workspaceId: z.uuid(),
  /** The charge being returned; the refund is its full amount. */
  chargeReference: reference,
  reason,
  reference,
});

export const grantRequestSchema = z.strictObject({
  workspaceId: z.uuid(),
  amount: z.number().int().positive(),
  reason,
  reference,
});

export const balanceRequestSchema = z.strictObject({ workspaceId: z.uuid() });

export const transactionSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  reason: z.string(),
  reference: z.string(),
  created_at: z.string(),
});
export type TransactionView = z.infer<typeof transactionSchema>;

export const ledgerOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('applied'),
    /** True when the reference had been seen before and nothing moved this time. */
    replayed: z.boolean(),
    transaction: transactionSchema,
    balance: z.number().int(),
  }),
  z.object({
    status: z.literal('insufficient_balance'),
    balance: z.number().int(),
    shortfall: z.number().int().positive(),
  }),
  z.object({ status: z.literal('charge_not_found') }),
]);
export type LedgerOutcome = z.infer<typeof ledgerOutcomeSchema>;

export const balanceReplySchema = z.object({ workspaceId: z.uuid(), balance: z.number().int() });

/** Request-reply endpoints: subject, request schema, reply schema. */
export const LEDGER_RPC = {
  charge: { subject: 'ledger.rpc.charge', request: chargeRequestSchema, reply: ledgerOutcomeSchema },
  refund: { subject: 'ledger.rpc.refund', request: refundRequestSchema, reply: ledgerOutcomeSchema },
  grant: { subject: 'ledger.rpc.grant', request: grantRequestSchema, reply: ledgerOutcomeSchema },
  balance: { subject: 'ledger.rpc.balance', request: balanceRequestSchema, reply: balanceReplySchema },
} as const;

export const creditsResponseSchema = z.object({
  workspace_id: z.uuid(),
  balance: z.number().int(),
  recent_transactions: z.array(transactionSchema),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
