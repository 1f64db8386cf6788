import { runCli, type CliIo } from '../cli';

/** A request the CLI sent, as the operator interface received it. */
export interface SentRequest {
  url: string;
  method: string;
  body: unknown;
}

/** `radar <argv>` against a fake operator interface that answers every request 200 with `answer` and records them. */
export async function radarAgainstFakeOperator(argv: string[], answer: unknown) {
  const sent: SentRequest[] = [];
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    env: () => ({ OPERATOR_SECRET: 'operator-secret-for-unit-tests-0123456789' }),
    fetch: async (url, init) => {
      sent.push({ url, method: String(init.method), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return Response.json(answer, { status: 200 });
    },
  };
  const code = await runCli(argv, io);
  return { code, stdout, sent, error: () => JSON.parse(stderr).error };
}
