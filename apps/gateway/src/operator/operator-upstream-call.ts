import { OPERATOR_PREFIX } from '@radar/contracts';

/** A call to another service's operator interface, with the operator secret. */
export interface OperatorUpstreamCall {
  base: string;
  operatorSecret: string;
  requestId: string;
  timeoutMs: number;
}

/** GET `path` (under OPERATOR_PREFIX) of a service: its status and parsed JSON body (undefined when not JSON). */
export async function getFromOperatorUpstream(call: OperatorUpstreamCall, path: string): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${call.base.replace(/\/$/, '')}${OPERATOR_PREFIX}${path}`, {
    headers: { authorization: `Bearer ${call.operatorSecret}`, accept: 'application/json', 'x-request-id': call.requestId },
    signal: AbortSignal.timeout(call.timeoutMs),
  });
  const text = await answer.text();
  try {
    return { status: answer.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: answer.status, body: undefined };
  }
}
