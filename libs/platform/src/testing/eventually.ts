/** How often a waiting test asks again. */
const POLL_INTERVAL_MS = 50;

/**
 * Polls `probe` until it answers something other than `undefined` or `false`, and returns that
 * answer: for effects that happen after an event, a job or another process. Throws naming
 * `what` when `timeoutMs` passes first.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined && answer !== false) return answer;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
