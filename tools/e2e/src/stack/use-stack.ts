import { startStack, type E2eStack, type StackOptions } from './e2e-stack';

/** Every service of the catalogue starts in turn; on a busy 2-core machine that takes more than a minute. */
const STACK_START_TIMEOUT_MS = 180_000;

/** Starts a stack before the file's tests and stops it (dropping its databases) after them. */
export function useStack(options: StackOptions = {}): () => E2eStack {
  let stack: E2eStack | undefined;
  beforeAll(async () => {
    stack = await startStack(options);
  }, STACK_START_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.stop();
  }, 30_000);
  return () => {
    if (!stack) throw new Error('The stack did not start (see the beforeAll failure)');
    return stack;
  };
}
