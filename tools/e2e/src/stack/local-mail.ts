import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the stack's SMTP server accepted. */
export interface StackMailMessage {
  from: string;
  to: string[];
  /** The message as received (headers and MIME body). */
  raw: string;
}

export interface StackMail {
  /** The SMTP_URL webhook-dispatch sends digests to. */
  url: string;
  /** What arrived so far, in arrival order. */
  messages: StackMailMessage[];
}

/**
 * The stack's mail server: a real SMTP server (smtp-server, as the local sink of `npm start`) on a
 * free loopback port, keeping what it accepts in memory for the tests to read.
 */
export async function startLocalMail(): Promise<{ mail: StackMail; stop(): Promise<void> }> {
  const messages: StackMailMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    mail: { url: `smtp://127.0.0.1:${port}`, messages },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
