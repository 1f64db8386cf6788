import { CommanderError } from 'commander';
import { CliError, EXIT, usageError } from './cli-error';
import { NOUNS } from './commands';
import type { NounSpec, VerbSpec } from './command-spec';
import { loadOperatorConfig } from './config/operator-config';
import type { FlagValues } from './flags/flag-values';
import { followJob, outcomeOf } from './jobs/follow-job';
import { OperatorClient, type FetchLike } from './operator-client';
import { writeError, writeResult, type OutputStream } from './output';
import { buildProgram, type GlobalOptions } from './program';
import { createProgressView } from './progress/progress-view';

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Read only once flags are valid, so `--help` and usage errors need no set-up. */
  env: () => NodeJS.ProcessEnv;
  fetch: FetchLike;
  /** Calls `handler` on Ctrl-C (SIGINT) until the returned function is called; without it Ctrl-C is not caught. */
  onInterrupt?: (handler: () => void) => () => void;
}

const noInterrupts = () => () => undefined;

/** Runs one `radar` invocation and returns its exit code; all output goes through `io`. */
export async function runCli(argv: string[], io: CliIo, nouns: NounSpec[] = NOUNS): Promise<number> {
  let exitCode: number | undefined;
  const program = buildProgram(nouns, {
    writeHelp: (text) => io.stdout.write(text),
    run: async (verb, flags, args, globals) => {
      exitCode = await runVerb(verb, flags, args, globals, io);
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
  return exitCode ?? EXIT.usage;
}

async function runVerb(verb: VerbSpec, flags: FlagValues, args: string[], globals: GlobalOptions, io: CliIo): Promise<number> {
  let env: NodeJS.ProcessEnv | undefined;
  const readEnv = () => (env ??= io.env());
  const client = () => new OperatorClient(loadOperatorConfig(readEnv()), io.fetch);
  const onInterrupt = io.onInterrupt ?? noInterrupts;
  if (verb.run) {
    return verb.run({ flags, args, client, fetch: io.fetch, stdout: io.stdout, stderr: io.stderr, jsonOnly: globals.json, env: readEnv, onInterrupt });
  }
  if (!verb.toRequest) throw new Error(`radar ${verb.name} has nothing to run`);
  const request = verb.toRequest(flags, args);
  if (!verb.job) {
    writeResult(io.stdout, await client().send(request));
    return EXIT.ok;
  }
  const operator = client();
  const started = await operator.start(request);
  if ('result' in started) {
    writeResult(io.stdout, started.result);
    return EXIT.ok;
  }
  const view = createProgressView(io.stderr, { jsonOnly: globals.json, env: readEnv() });
  const ended = await followJob(started.job, { client: operator, view, onInterrupt });
  const result = request.result.safeParse(outcomeOf(ended));
  if (!result.success) throw new CliError('UNEXPECTED_RESPONSE', `Job ${ended.id} ended with a result radar does not understand`);
  writeResult(io.stdout, result.data);
  return EXIT.ok;
}

/** commander's "unknown option '--x'\n(Did you mean --y?)" as one line. */
const oneLine = (message: string): string =>
  message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)')
    .replace(/\s*\n\s*/g, '; ');

/** undefined when commander only showed the help or the version the caller asked for. */
function toFailure(error: unknown): CliError | undefined {
  if (error instanceof CliError) return error;
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return undefined;
    // A noun without a verb (or nothing at all): commander would print the help to stderr.
    if (error.code === 'commander.help') return usageError('Missing command: radar <noun> <verb> [--flags]; see radar --help');
    return usageError(oneLine(error.message));
  }
  return new CliError('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
}
