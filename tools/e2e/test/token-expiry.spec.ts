import { OPERATOR_PREFIX } from '@radar/contracts';
import { createToken, createWorkspace } from '../src/operator-world';
import { getCredits } from '../src/public-api';
import { radarFails } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('token creation rules', () => {
  const stack = useStack();
  let userId: string;

  beforeAll(async () => {
    userId = (await createWorkspace(stack(), 'Token rules')).owner_user_id;
  });

  /** Creates a token and checks expires_at lies `days` after the moment of the call. */
  async function expectExpiryInDays(days: number, ...flags: string[]): Promise<string> {
    const before = Date.now();
    const created = await createToken(stack(), userId, 'read', ...flags);
    const after = Date.now();
    expect(created.expires_at).not.toBeNull();
    const expiresAt = Date.parse(created.expires_at ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + days * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + days * DAY_MS);
    return created.token;
  }

  it('expires 90 days from now by default, and the new token works', async () => {
    const token = await expectExpiryInDays(90);
    expect((await getCredits(stack(), token)).status).toBe(200);
  });

  it('accepts --expires-in-days 1 and 365', async () => {
    await expectExpiryInDays(1, '--expires-in-days', '1');
    await expectExpiryInDays(365, '--expires-in-days', '365');
  });

  it.each([['0'], ['366']])('refuses --expires-in-days %s', async (days) => {
    const failure = await radarFails(stack(), ['token', 'create', '--user', userId, '--name', 'x', '--scope', 'read', '--expires-in-days', days]);
    expect(failure).toMatchObject({ code: 2, stdout: '', error: { code: 'USAGE_ERROR' } });
    expect(failure.error.message).toContain('--expires-in-days');
  });

  it('gives expires_at null with --never-expires, and the token works', async () => {
    const created = await createToken(stack(), userId, 'read', '--never-expires');
    expect(created.expires_at).toBeNull();
    expect((await getCredits(stack(), created.token)).status).toBe(200);
  });

  it('refuses --never-expires together with --expires-in-days', async () => {
    const failure = await radarFails(stack(), [
      'token', 'create', '--user', userId, '--name', 'x', '--scope', 'read', '--never-expires', '--expires-in-days', '30',
    ]);
    expect(failure).toMatchObject({ code: 2, error: { code: 'USAGE_ERROR' } });
  });

  it('imports a token whose --expires-at lies in the past; using it answers 401 TOKEN_EXPIRED', async () => {
    const created = await createToken(stack(), userId, 'read', '--expires-at', '2020-01-01T00:00:00Z');
    expect(Date.parse(created.expires_at ?? '')).toBe(Date.parse('2020-01-01T00:00:00Z'));
    const response = await getCredits(stack(), created.token);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ detail: { code: 'TOKEN_EXPIRED' } });
  });

  // The CLI refuses these before sending; the operator interface must refuse them on its own too.
  it.each([
    [{ expires_in_days: 0 }],
    [{ expires_in_days: 366 }],
    [{ never_expires: true, expires_in_days: 30 }],
  ])('the operator interface itself answers 422 VALIDATION_ERROR to %j', async (expiry) => {
    const response = await fetch(`${stack().operatorUrl}${OPERATOR_PREFIX}/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack().operatorSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: userId, name: 'x', scope: 'read', ...expiry }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ detail: { code: 'VALIDATION_ERROR' } });
  });
});
