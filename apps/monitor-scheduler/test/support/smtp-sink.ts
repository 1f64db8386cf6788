import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A mail server that accepts and drops every message: webhook-dispatch, started beside the
 * scheduler, wants a reachable SMTP server to be ready; its digests are not under test here.
 */
export async function startSmtpSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
