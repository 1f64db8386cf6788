#!/usr/bin/env node
// A local SMTP server that keeps every message it accepts as an .eml file: where `npm start` (and
// the e2e stack) send email digests when SMTP_URL is unset. Usage:
//   node tools/stack/mail-sink.mjs [--port 2525] [--host 127.0.0.1] [--dir .radar/mail]
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '2525' },
    host: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string', default: path.join('.radar', 'mail') },
  },
});
const directory = path.resolve(values.dir);
mkdirSync(directory, { recursive: true });

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `?B?`) as text, for the log line. */
const decodeWords = (value) =>
  value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_word, _charset, kind, text) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_escape, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );

const subjectOf = (raw) => decodeWords(/^subject:\s*(.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r\n[ \t]+/g, ' ') ?? '(no subject)');

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  size: 10 * 1024 * 1024,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      // The envelope recipients lead the file (as a mail store's Delivered-To would), then the message as received.
      writeFileSync(file, Buffer.concat([Buffer.from(to.map((address) => `X-Sink-Rcpt-To: ${address}\r\n`).join('')), raw]));
      console.log(`mail-sink: received ${JSON.stringify(subjectOf(raw.toString('utf8')))} for ${to.join(', ')} -> ${file}`);
      callback();
    });
  },
});
server.on('error', (error) => console.error(`mail-sink: ${error.message}`));
server.listen(Number(values.port), values.host, () => {
  console.log(`mail-sink: listening on smtp://${values.host}:${values.port}, keeping mail in ${directory}`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
