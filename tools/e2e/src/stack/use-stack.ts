import { startStack, type E2eStack } from './e2e-stack';

/** Starts a stack before the file's tests and stops it (dropping its databases) after them. */
export function useStack(): () => E2eStack {
  let stack: E2eStack | undefined;
  beforeAll(async () => {
    stack = await startStack();
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  }, 30_000);
  return () => {
    if (!stack) throw new Error('The stack did not start (see the beforeAll failure)');
    return stack;
  };
}
