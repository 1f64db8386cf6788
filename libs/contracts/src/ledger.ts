import { z } from 'zod';
import { textField } from './request-fields';

/**
 * A credit amount or balance: a whole number up to Number.MAX_SAFE_INTEGER (2^53 - 1), the most
 * a JSON number carries exactly. The ledger stores BIGINT and refuses a balance past this bound.
 */
export const creditAmount = () => z.number().int().max(Number.MAX_SAFE_INTEGER);

/**
 * The ledger's request-reply API over NATS. Each operation is idempotent on `reference`:
 * a repeated reference returns the first outcome and moves no credit.
 */
const reference = textField().min(1).max(255);
const reason = textField().min(1).max(64);

export const chargeRequestSchema = z.strictObject({
  workspaceId: z.uuid(),
  amount: creditAmount().positive(),
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
  amount: creditAmount().positive(),
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
}).meta({ id: 'CreditTransaction', description: 'A movement of credits: negative amounts are charges, positive ones grants and refunds.' });
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

/** Charges in one batch: one SQL transaction, a transaction row (and reference) per charge. */
export const LEDGER_CHARGE_BATCH_MAX = 1_000;

/**
 * Many charges of one workspace at once, in order: each is taken whole or not at all, under its
 * own reference (idempotent like a single charge). Going down the list, the first new charge the
 * balance cannot cover is refused, and so is every new charge after it.
 */
export const chargeBatchRequestSchema = z.strictObject({
  workspaceId: z.uuid(),
  reason,
  charges: z
    .array(z.strictObject({ reference, amount: creditAmount().positive() }))
    .min(1)
    .max(LEDGER_CHARGE_BATCH_MAX)
    .refine((charges) => new Set(charges.map((charge) => charge.reference)).size === charges.length, 'references must be distinct'),
});

export const chargeBatchReplySchema = z.object({
  /** One per charge, in the request's order. `replayed`: the reference was charged before and nothing moved now. */
  outcomes: z.array(
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('applied'), replayed: z.boolean(), transactionId: z.uuid() }),
      z.object({ status: z.literal('insufficient_balance') }),
    ]),
  ),
  /** The balance after the batch. */
  balance: z.number().int(),
});
export type ChargeBatchReply = z.infer<typeof chargeBatchReplySchema>;

export const creditsResponseSchema = z.object({
  workspace_id: z.uuid(),
  balance: z.number().int(),
  recent_transactions: z.array(transactionSchema),
}).meta({ id: 'Credits', description: 'The workspace\'s balance and its recent transactions, newest first.' });
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
