import { Command, Option } from 'commander';
import type { NounSpec, VerbSpec } from './command-spec';
import type { FlagValues } from './flags/flag-values';

export interface GlobalOptions {
  /** `--json`: only the JSON document on stdout. */
  json: boolean;
}

export interface ProgramHooks {
  /** Where `--help` and `--version` go (stdout); commander's own error text is dropped for the JSON error. */
  writeHelp(text: string): void;
  run(verb: VerbSpec, flags: FlagValues, args: string[], globals: GlobalOptions): Promise<void>;
}

const HELP_FOOTER = `
Each call prints one JSON object on stdout and exits 0. On failure it prints
{"error": {"code", "message"}} on stderr and exits 1 (the call failed: the API's error code,
or SERVICE_UNAVAILABLE when the operator interface cannot be reached), 2 (nothing was sent:
USAGE_ERROR for bad flags, CONFIG_ERROR for a bad environment) or 130 (Ctrl-C; a job that was
being followed goes on).

Long work (dataset load, monitors run) runs as a job on its service: radar shows its progress
on stderr (a bar on a terminal, a line every few seconds otherwise, nothing with --json) and
prints the result when it ends. Ctrl-C stops following, not the job: radar jobs show <id> --follow.

Environment (a .env file at the repository root is read too; set variables win):
  OPERATOR_SECRET              the gateway's operator secret (required)
  RADAR_OPERATOR_URL           the gateway's operator interface (default http://127.0.0.1:8081)
  RADAR_OPERATOR_TIMEOUT_MS    how long to wait for an answer (default 15000)
  RADAR_PROGRESS_INTERVAL_MS   how often a progress line is written when stderr is not a terminal (default 5000)

radar mcp is a client of the public API instead (no operator secret):
  RADAR_TOKEN                  an API token (required)
  RADAR_BASE_URL               the gateway (default http://127.0.0.1:$GATEWAY_PORT, 8080 unless .env says)
`;

const ROOT_EXAMPLES = ['radar status', 'radar dataset load --companies 1000000', 'radar jobs list', 'radar workspace create --name Acme --credits 100'];

const examplesText = (examples: readonly string[]): string => `\nExamples:\n${examples.map((example) => `  $ ${example}`).join('\n')}\n`;

/** The version this radar was built at (the bundle stamps it), as `radar --version` prints it. */
export const radarVersion = (): string => process.env.RADAR_BUILD_VERSION || 'development';

/** Builds `radar` from the noun specs: every verb becomes `radar <noun> <verb>` with its arguments and flags. */
export function buildProgram(nouns: NounSpec[], hooks: ProgramHooks): Command {
  // Subcommands inherit output and exit settings from their parent, so set them before adding any.
  const program = new Command('radar')
    .description('Operator tool of Radar: what the web app does, against the running system')
    .configureOutput({ writeOut: hooks.writeHelp, writeErr: () => undefined, outputError: () => undefined })
    .exitOverride()
    .showSuggestionAfterError()
    .configureHelp({ showGlobalOptions: true })
    .version(radarVersion(), '-V, --version', "print radar's version")
    .option('--json', 'print only the JSON document on stdout: no progress, no tables')
    .addHelpText('after', `${examplesText(ROOT_EXAMPLES)}${HELP_FOOTER}`);
  const globals = (): GlobalOptions => ({ json: program.opts<{ json?: boolean }>().json === true });

  for (const noun of nouns) {
    const nounCommand = program.command(noun.name).description(noun.summary);
    const nounExamples = noun.verbs.flatMap((verb) => verb.examples?.slice(0, 1) ?? []);
    if (nounExamples.length > 0) nounCommand.addHelpText('after', examplesText(nounExamples));
    for (const verb of noun.verbs) {
      const verbCommand = nounCommand.command(verb.name, { isDefault: verb.isDefault === true }).description(verb.summary);
      for (const arg of verb.args ?? []) verbCommand.argument(`<${arg.name}>`, arg.description);
      for (const flag of verb.flags) {
        const option = new Option(flag.flags, flag.description);
        if (flag.required) option.makeOptionMandatory();
        if (flag.conflicts) option.conflicts(flag.conflicts);
        verbCommand.addOption(option);
      }
      if (verb.examples && verb.examples.length > 0) verbCommand.addHelpText('after', examplesText(verb.examples));
      // commander hands over the arguments, then the options, then the command itself.
      verbCommand.action((...params: unknown[]) => {
        const command = params[params.length - 1] as Command;
        return hooks.run(verb, command.opts<FlagValues>(), command.args, globals());
      });
    }
  }
  return program;
}
