import { startSmtpSink, type ReceivedMail } from '@radar/platform/testing';

export interface StackMail {
  /** The SMTP_URL webhook-dispatch sends digests to. */
  url: string;
  /** What arrived so far, in arrival order. */
  messages: ReceivedMail[];
}

/** The stack's mail server: a real SMTP server (as the local sink of `npm start`) keeping what it accepts for the tests to read. */
export async function startLocalMail(): Promise<{ mail: StackMail; stop(): Promise<void> }> {
  const sink = await startSmtpSink();
  return { mail: { url: sink.url, messages: sink.mails }, stop: () => sink.close() };
}
