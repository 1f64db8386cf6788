/** Named checks; each throws when its dependency is not usable. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/** Runs every check at once; answers the names of those that failed, sorted, with why. */
export async function failingChecks(checks: ReadinessChecks): Promise<{ name: string; error: unknown }[]> {
  const failing: { name: string; error: unknown }[] = [];
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await check();
      } catch (error) {
        failing.push({ name, error });
      }
    }),
  );
  return failing.sort((a, b) => a.name.localeCompare(b.name));
}
