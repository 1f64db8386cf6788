import { createToken, workspaceWithToken } from '../src/operator-world';
import { getCredits } from '../src/public-api';
import { useStack } from '../src/stack/use-stack';

const CREDITS_PER_MINUTE = 60;

/**
 * The window is the UTC calendar minute: 61 requests that straddle a minute boundary are
 * counted in two windows and none is refused. So start only when at least 10 s of the current
 * minute remain (61 requests to a local stack take well under that), waiting for the next
 * minute otherwise.
 */
async function waitForRoomInTheMinute(): Promise<void> {
  const secondsLeft = 60 - (Date.now() % 60_000) / 1000;
  if (secondsLeft < 10) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
}

describe('rate limits', () => {
  const stack = useStack();

  it('answers the 61st GET /credits of one token within a minute with 429 RATE_LIMITED and Retry-After, counting each token on its own', async () => {
    const workspace = await workspaceWithToken(stack(), { credits: 1 });
    const otherToken = await createToken(stack(), workspace.owner_user_id, 'read');
    await waitForRoomInTheMinute();

    const statuses: number[] = [];
    for (let i = 0; i < CREDITS_PER_MINUTE; i++) statuses.push((await getCredits(stack(), workspace.token.token)).status);
    expect(statuses).toEqual(Array(CREDITS_PER_MINUTE).fill(200));

    const before = Date.now();
    const refused = await getCredits(stack(), workspace.token.token);
    const after = Date.now();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ detail: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Retry-After is the wait until X-RateLimit-Reset, the next UTC minute boundary.
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    expect(reset % 60).toBe(0);
    expect(retryAfter).toBeGreaterThanOrEqual(reset - Math.floor(after / 1000));
    expect(retryAfter).toBeLessThanOrEqual(reset - Math.floor(before / 1000));
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

    // Limits are per token: another token of the same workspace still has its whole minute.
    expect((await getCredits(stack(), otherToken.token)).status).toBe(200);
  });
});
