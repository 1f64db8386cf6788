import type { MessagePropertyHeaders } from 'amqplib';

/** Headers this module sets on messages; the broker's own (x-death, ...) are not copied on. */
export const HEADERS = {
  /** 1 for the first attempt, raised by one each time the message is sent to a delay queue. */
  attempt: 'radar-attempt',
  /** Epoch ms before which the message must not be handled (a wait longer than any delay queue). */
  notBefore: 'radar-not-before',
  /** Why a message is in its dead-letter queue: one of DeadLetterReason. */
  deadLetterReason: 'radar-dead-letter-reason',
  /** The last failure's message, shortened: for whoever inspects a dead or waiting message. */
  lastError: 'radar-last-error',
} as const;

export type DeadLetterReason = 'invalid-json' | 'invalid-message' | 'retries-exhausted' | 'stopped-retrying';

const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

const positiveInteger = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

/** A message without the header (published by hand, or by an older publisher) is on its first attempt. */
export const readAttempt = (headers: MessagePropertyHeaders | undefined): number => positiveInteger(headers?.[HEADERS.attempt]) ?? 1;

export const readNotBefore = (headers: MessagePropertyHeaders | undefined): number | undefined => positiveInteger(headers?.[HEADERS.notBefore]);

/** The trace context of a received message, to carry it onto the copies sent to delay and dead-letter queues. */
export function traceHeadersOf(headers: MessagePropertyHeaders | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of TRACE_HEADERS) {
    const value = headers?.[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}

export const shortened = (text: string, max = 500): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
