import { Command, Option } from 'commander';
import type { NounSpec, VerbSpec } from './command-spec';
import type { FlagValues } from './flags/flag-values';

export interface ProgramHooks {
  /** Where `--help` goes (stdout); commander's own error text is dropped for the JSON error. */
  writeHelp(text: string): void;
  run(verb: VerbSpec, flags: FlagValues): Promise<void>;
}

const HELP_FOOTER = `
Each call prints one JSON object on stdout and exits 0. On failure it prints
{"error": {"code", "message"}} on stderr and exits 1 (the call failed: the API's error code,
or SERVICE_UNAVAILABLE when the operator interface cannot be reached) or 2 (nothing was sent:
USAGE_ERROR for bad flags, CONFIG_ERROR for a bad environment).

Environment (a .env file at the repository root is read too; set variables win):
  OPERATOR_SECRET             the gateway's operator secret (required)
  RADAR_OPERATOR_URL          the gateway's operator interface (default http://127.0.0.1:8081)
  RADAR_OPERATOR_TIMEOUT_MS   how long to wait for an answer (default 15000)
`;

/** Builds `radar` from the noun specs: every verb becomes `radar <noun> <verb>` with its flags. */
export function buildProgram(nouns: NounSpec[], hooks: ProgramHooks): Command {
  // Subcommands inherit output and exit settings from their parent, so set them before adding any.
  const program = new Command('radar')
    .description('Operator tool of Radar: what the web app does, against the running system')
    .configureOutput({ writeOut: hooks.writeHelp, writeErr: () => undefined, outputError: () => undefined })
    .exitOverride()
    .addHelpText('after', HELP_FOOTER);

  for (const noun of nouns) {
    const nounCommand = program.command(noun.name).description(noun.summary);
    for (const verb of noun.verbs) {
      const verbCommand = nounCommand.command(verb.name).description(verb.summary);
      for (const flag of verb.flags) {
        const option = new Option(flag.flags, flag.description);
        if (flag.required) option.makeOptionMandatory();
        if (flag.conflicts) option.conflicts(flag.conflicts);
        verbCommand.addOption(option);
      }
      verbCommand.action((flags: FlagValues) => hooks.run(verb, flags));
    }
  }
  return program;
}
