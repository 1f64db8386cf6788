/** Polls until `check` returns a value (or the deadline passes): for effects that happen after an event or a job. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, what: string, deadlineMs = 15_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
