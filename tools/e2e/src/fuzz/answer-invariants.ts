import { ERROR_STATUS, errorEnvelopeSchema, type ErrorCode } from '@radar/contracts';
import type { RawAnswer } from '../raw-http';
import type { FuzzRequest } from './request-arbitraries';

const isErrorCode = (code: string): code is ErrorCode => code in ERROR_STATUS;

/**
 * What must hold for every answer, whatever was sent (spec/decisions.md, "Errors and headers"):
 * an X-Request-Id (the caller's when it sent a sane one); every error in the envelope, with a
 * code whose status is the one answered; every 5xx with `details.request_id`; and no 5xx at all,
 * except 503 SERVICE_UNAVAILABLE from a route whose service this stack does not run.
 *
 * That exception is the gateway's documented answer for an endpoint whose service is not
 * deployed (docs/api.md), not a failure of input handling: the route table lists every public
 * endpoint, including those of services that are not built yet, and the suite walks them all.
 * Once such a service runs in the stack, its routes lose the exception automatically.
 *
 * Returns the problems found; none means the answer is sound.
 */
export function problemsWith(answer: RawAnswer, sent: FuzzRequest, runningServices: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const requestId = answer.headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '') problems.push('no X-Request-Id');
  // A request too large for Node's parser is answered before its headers are read, so its id may be a fresh one.
  else if (sent.echoedRequestId !== undefined && answer.status !== 431 && requestId !== sent.echoedRequestId) {
    problems.push(`X-Request-Id ${requestId} instead of the caller's ${sent.echoedRequestId}`);
  }
  if (answer.status < 400) return problems;

  if (!String(answer.headers['content-type']).startsWith('application/json')) problems.push(`error answered as ${answer.headers['content-type']}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push(`error body is not JSON: ${answer.text.slice(0, 200)}`);
    return problems;
  }
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    problems.push(`error body is not the envelope: ${answer.text.slice(0, 200)}`);
    return problems;
  }
  const { code, details } = envelope.data.detail;
  if (!isErrorCode(code)) problems.push(`unknown error code ${code}`);
  else if (ERROR_STATUS[code] !== answer.status) problems.push(`code ${code} is ${ERROR_STATUS[code]}, answered ${answer.status}`);
  if (answer.status >= 500) {
    if (details?.request_id !== requestId) problems.push(`${answer.status} without details.request_id equal to X-Request-Id`);
    const serviceAbsent = answer.status === 503 && code === 'SERVICE_UNAVAILABLE' && !runningServices.has(sent.route.upstream);
    if (!serviceAbsent) problems.push(`${answer.status} ${code}: ${envelope.data.detail.message}`);
  }
  return problems;
}

/** The request as a reader of a failure needs it: long bodies cut. */
export function describeRequest(sent: FuzzRequest): string {
  const body = sent.body ? `${sent.body.length} bytes${sent.chunked ? ' chunked' : ''}: ${JSON.stringify(sent.body.subarray(0, 300).toString('utf8'))}` : 'no body';
  return `${sent.method} /api/v1${sent.path.slice(0, 300)} headers ${JSON.stringify(sent.headers).slice(0, 500)} ${body}`;
}
