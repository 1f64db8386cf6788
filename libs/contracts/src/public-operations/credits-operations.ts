import { creditsResponseSchema, type CreditsResponse } from '../ledger';
import type { PublicOperation } from './operation';

const credits: CreditsResponse = {
  workspace_id: '7d3e1f2a-4b5c-4d6e-9f7a-8b9c0d1e2f3a',
  balance: 880,
  recent_transactions: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      amount: -120,
      reason: 'export_charge',
      reference: 'export:0b7e4f1c-2d3a-4e5f-8a9b-6c7d8e9f0a1b:create',
      created_at: '2026-11-24T10:15:02.114Z',
    },
    {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      amount: 1000,
      reason: 'grant',
      reference: 'grant:2026-11-20',
      created_at: '2026-11-20T08:00:00.000Z',
    },
  ],
};

export const CREDITS_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'getCredits',
    method: 'GET',
    path: '/credits',
    tag: 'Credits',
    summary: 'Get the credit balance',
    description:
      'The workspace\'s balance and its recent transactions, newest first. A negative amount is a charge (`export_charge`, ' +
      '`monitor_charge`), a positive one a grant or refund (`export_refund`, `monitor_refund`). Export charges have the ' +
      'reference `export:<export_id>:create`.',
    success: { status: 200, description: 'The balance.', body: creditsResponseSchema, examples: { balance: { summary: 'A balance', value: credits } } },
    errors: [],
    safeToRepeat: true,
  },
];
