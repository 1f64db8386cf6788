import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@radar/contracts';
import { requestIdFrom } from './request-context';

/** Node's parser errors mapped as Node itself maps them, with our codes. */
const CODE_OF_PARSER_ERROR: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'PAYLOAD_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  REQUEST_HEADER_FIELDS_TOO_LARGE: 'The request line and headers are larger than the server accepts (16 KiB); shorten the URL or the headers',
  PAYLOAD_TOO_LARGE: 'The chunk extensions of the request body are too large',
  REQUEST_TIMEOUT: 'The request was not received in time',
};

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** Node's in-flight response on the socket, if any (the same check Node's own default makes). */
interface SocketWithResponse extends Duplex {
  _httpMessage?: { _headerSent?: boolean } | null;
}

/** Sockets already answered: after a parse error Node may report the same socket again. */
const answered = new WeakSet<Duplex>();

/** How long an answered socket may take to flush the answer before it is destroyed anyway. */
const FLUSH_GRACE_MS = 5_000;

const REQUEST_ID_LINE = /^x-request-id:[ \t]*([^\r\n]*?)[ \t]*\r?$/im;

/** The caller's X-Request-Id if the part of the request that was read carries a sane one. */
function requestIdOf(error: ParserError): string {
  const match = error.rawPacket ? REQUEST_ID_LINE.exec(error.rawPacket.toString('latin1')) : null;
  return requestIdFrom(match?.[1]);
}

/** A whole HTTP/1.1 answer in the error envelope, for a socket Express never saw a request on. */
export function rawErrorResponse(code: ErrorCode, message: string, requestId: string): string {
  const status = ERROR_STATUS[code];
  const envelope: ErrorEnvelope = { detail: { code, message } };
  const body = JSON.stringify(envelope);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The http.Server's `clientError` listener. A request Node cannot parse (a URL or headers over
 * its 16 KiB limit, broken framing, a client too slow to send) never reaches Express, and
 * Node's default answer is a bare status line; this answers in the envelope with an
 * X-Request-Id instead, then closes the connection as Node does.
 */
export function answerClientError(error: ParserError, socket: Duplex): void {
  if (answered.has(socket)) return;
  const connection = socket as SocketWithResponse;
  // Writing into a response already under way would corrupt what the peer reads.
  const responseStarted = Boolean(connection._httpMessage?._headerSent);
  if (error.code === 'ECONNRESET' || !connection.writable || responseStarted) {
    connection.destroy();
    return;
  }
  answered.add(socket);
  const code = CODE_OF_PARSER_ERROR[error.code ?? ''] ?? 'MALFORMED_REQUEST';
  const message = MESSAGES[code] ?? `The HTTP request could not be parsed (${error.code ?? 'unknown error'})`;
  const giveUp = setTimeout(() => connection.destroy(), FLUSH_GRACE_MS).unref();
  connection.end(rawErrorResponse(code, message, requestIdOf(error)), () => {
    clearTimeout(giveUp);
    connection.destroy();
  });
}
