import type { DeliveryStatus } from '@radar/contracts';
import type { OutboundAnswer } from '../clients/outbound-client';

export interface Verdict {
  status: DeliveryStatus;
  /** For a retry: the wait the receiver asked for. */
  retryAfterMs?: number;
}

/**
 * What an answer means for a delivery (decisions.md, "Delivery"): any 2xx is success (a 3xx is
 * not: redirects are not followed); 410 Gone ends it at once; anything else is retried until the
 * last attempt, after the receiver's Retry-After when it sent one.
 */
export function answerVerdict(answer: Pick<OutboundAnswer, 'status' | 'retryAfterMs'>, isLastAttempt: boolean): Verdict {
  const { status } = answer;
  if (status !== null && status >= 200 && status < 300) return { status: 'delivered' };
  if (status === 410 || isLastAttempt) return { status: 'failed' };
  return { status: 'pending', retryAfterMs: answer.retryAfterMs };
}
