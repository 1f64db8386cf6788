import { CommanderError } from 'commander';
import { CliError, EXIT, usageError } from './cli-error';
import { NOUNS } from './commands';
import type { NounSpec } from './command-spec';
import { loadOperatorConfig } from './config/operator-config';
import { OperatorClient, type FetchLike } from './operator-client';
import { writeError, writeResult, type OutputStream } from './output';
import { buildProgram } from './program';

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Read only once flags are valid, so `--help` and usage errors need no set-up. */
  env: () => NodeJS.ProcessEnv;
  fetch: FetchLike;
}

/** Runs one `radar` invocation and returns its exit code; all output goes through `io`. */
export async function runCli(argv: string[], io: CliIo, nouns: NounSpec[] = NOUNS): Promise<number> {
  let printed = false;
  const program = buildProgram(nouns, {
    writeHelp: (text) => io.stdout.write(text),
    run: async (verb, flags) => {
      const request = verb.toRequest(flags);
      const client = new OperatorClient(loadOperatorConfig(io.env()), io.fetch);
      writeResult(io.stdout, await client.send(request));
      printed = true;
    },
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    const failure = toFailure(error);
    if (!failure) return EXIT.ok;
    writeError(io.stderr, failure);
    return failure.exitCode;
  }
  return printed ? EXIT.ok : EXIT.usage;
}

/** undefined when commander only showed the help the caller asked for. */
function toFailure(error: unknown): CliError | undefined {
  if (error instanceof CliError) return error;
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return undefined;
    // A noun without a verb (or nothing at all): commander would print the help to stderr.
    if (error.code === 'commander.help') return usageError('Missing command: radar <noun> <verb> [--flags]; see radar --help');
    return usageError(error.message.replace(/^error: /, ''));
  }
  return new CliError('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
}
