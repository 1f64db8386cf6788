import { createHmac, randomUUID } from 'node:crypto';
import { Router } from 'express';
import request from 'supertest';
import { INTERNAL_HEADERS, type Caller } from '@radar/contracts';
import { createServiceApp } from '../http';
import { silentLogger } from '../testing';
import { requireCaller, signCaller, verifyCaller } from './index';

const SECRET = 'a-gateway-signing-secret-of-32-chars!';
const OTHER_SECRET = 'another-signing-secret-of-32-chars!!';

const caller = (): Caller => ({
  workspaceId: randomUUID(),
  userId: randomUUID(),
  tokenId: randomUUID(),
  scope: 'read_write',
  role: 'admin',
});

function verifyHeaders(headers: Record<string, string>, secret = SECRET, now?: number): Caller | undefined {
  return verifyCaller(headers[INTERNAL_HEADERS.caller], headers[INTERNAL_HEADERS.signature], secret, now);
}

const decodePayload = (encoded: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
const encodePayload = (payload: Record<string, unknown>): string => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('signCaller and verifyCaller', () => {
  it('round-trips the caller identity exactly', () => {
    const identity = caller();
    expect(verifyHeaders(signCaller(identity, SECRET))).toEqual(identity);
  });

  it('puts the identity and its signature in the internal headers', () => {
    const headers = signCaller(caller(), SECRET);
    expect(Object.keys(headers).sort()).toEqual([INTERNAL_HEADERS.caller, INTERNAL_HEADERS.signature].sort());
  });

  it('rejects a tampered payload', () => {
    const headers = signCaller({ ...caller(), scope: 'read', role: 'member' }, SECRET);
    const payload = decodePayload(headers[INTERNAL_HEADERS.caller] as string);
    const escalated = encodePayload({ ...payload, scope: 'read_write', role: 'owner' });
    expect(verifyCaller(escalated, headers[INTERNAL_HEADERS.signature], SECRET)).toBeUndefined();
  });

  it('rejects a signature made with another secret', () => {
    expect(verifyHeaders(signCaller(caller(), OTHER_SECRET))).toBeUndefined();
  });

  it('rejects a truncated signature', () => {
    const headers = signCaller(caller(), SECRET);
    const signature = headers[INTERNAL_HEADERS.signature] as string;
    expect(verifyCaller(headers[INTERNAL_HEADERS.caller], signature.slice(0, -1), SECRET)).toBeUndefined();
  });

  it('accepts an identity signed four minutes ago and rejects one signed six minutes ago', () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    const identity = caller();
    expect(verifyHeaders(signCaller(identity, SECRET, now - 4 * 60_000), SECRET, now)).toEqual(identity);
    expect(verifyHeaders(signCaller(identity, SECRET, now - 6 * 60_000), SECRET, now)).toBeUndefined();
  });

  it('rejects an identity dated too far in the future', () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    expect(verifyHeaders(signCaller(caller(), SECRET, now + 6 * 60_000), SECRET, now)).toBeUndefined();
  });

  it('rejects missing headers', () => {
    const headers = signCaller(caller(), SECRET);
    expect(verifyCaller(undefined, headers[INTERNAL_HEADERS.signature], SECRET)).toBeUndefined();
    expect(verifyCaller(headers[INTERNAL_HEADERS.caller], undefined, SECRET)).toBeUndefined();
    expect(verifyCaller(undefined, undefined, SECRET)).toBeUndefined();
  });

  it('rejects a correctly signed payload that is not a valid identity', () => {
    const now = Date.now();
    const encoded = encodePayload({ workspaceId: 'not-a-uuid', iat: now });
    const signature = createHmac('sha256', SECRET).update(encoded).digest('base64url');
    expect(verifyCaller(encoded, signature, SECRET, now)).toBeUndefined();
  });
});

describe('requireCaller', () => {
  const router = Router();
  router.get('/whoami', requireCaller(SECRET), (req, res) => {
    res.json(req.caller);
  });
  const app = createServiceApp({ logger: silentLogger(), routes: router });

  it('hands the verified identity to the route', async () => {
    const identity = caller();
    const response = await request(app).get('/whoami').set(signCaller(identity, SECRET));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(identity);
  });

  it('answers a request without identity with 401 INVALID_TOKEN in the error envelope', async () => {
    const response = await request(app).get('/whoami');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      detail: { code: 'INVALID_TOKEN', message: 'Request did not carry a valid gateway identity' },
    });
  });

  it('answers an identity signed with another secret with 401 INVALID_TOKEN', async () => {
    const response = await request(app).get('/whoami').set(signCaller(caller(), OTHER_SECRET));
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('INVALID_TOKEN');
  });
});
