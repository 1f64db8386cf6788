/** The parts of a received message a test reads: headers, and the decoded text and HTML bodies. */
export interface MimeMessage {
  headers: Record<string, string>;
  text: string | undefined;
  html: string | undefined;
}

function splitHead(raw: string): { head: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const headText = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const head: Record<string, string> = {};
  for (const line of headText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) head[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { head, body };
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const text = body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let index = 0; index < text.length; index++) {
      const escaped = text[index] === '=' ? /^[0-9A-F]{2}/i.exec(text.slice(index + 1, index + 3)) : null;
      if (escaped) {
        bytes.push(parseInt(escaped[0], 16));
        index += 2;
      } else {
        bytes.push(...Buffer.from(text[index]!, 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Decodes an RFC 2047 encoded-word header (`=?UTF-8?Q?...?=` or `?B?`) into text. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decode(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Reads a single-part or multipart/alternative message (what nodemailer sends for text + HTML). */
export function parseMime(raw: string): MimeMessage {
  const { head, body } = splitHead(raw);
  const result: MimeMessage = { headers: head, text: undefined, html: undefined };
  const boundary = /boundary="?([^";]+)"?/i.exec(head['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map((part) => splitHead(part.replace(/^\r\n/, '')))
    : [{ head, body }];
  for (const part of parts) {
    const type = part.head['content-type'] ?? 'text/plain';
    const content = decode(part.body.replace(/\r\n$/, ''), part.head['content-transfer-encoding']);
    if (type.startsWith('text/plain')) result.text = content;
    if (type.startsWith('text/html')) result.html = content;
  }
  return result;
}
