import type { FlagValues } from './flags/flag-values';
import type { FetchLike, OperatorClient } from './operator-client';
import type { OperatorRequest } from './operator-request';
import type { OutputStream } from './output';

export interface FlagSpec {
  /** Commander syntax: `--credits <credits>` takes a value, `--never-expires` is a switch. */
  flags: string;
  description: string;
  required?: boolean;
  /** camelCase attribute names of flags this one cannot be combined with. */
  conflicts?: string[];
}

/** A positional argument: `radar jobs show <job_id>`. */
export interface ArgSpec {
  name: string;
  description: string;
}

/** What a verb that does more than one call is handed. */
export interface VerbContext {
  flags: FlagValues;
  args: string[];
  /** Reads the environment (after the flags were checked) and builds the operator client. */
  client(): OperatorClient;
  /** The fetch of this run, for verbs that call the public API (tests answer it). */
  fetch: FetchLike;
  stdout: OutputStream;
  stderr: OutputStream;
  /** `--json`: only the JSON document on stdout, no progress and no tables. */
  jsonOnly: boolean;
  env(): NodeJS.ProcessEnv;
  /** Calls `handler` on Ctrl-C until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
}

/** `radar <noun> <verb> [args] [--flags]`: the flags, and how they become operator calls. */
export interface VerbSpec {
  name: string;
  summary: string;
  /** Runs when the noun is given alone (`radar status` is `radar status show`). */
  isDefault?: boolean;
  args?: ArgSpec[];
  flags: FlagSpec[];
  /**
   * Command lines shown under `--help`, each starting with `radar`; together they use every
   * flag of the verb (a test holds every verb to that).
   */
  examples?: string[];
  /**
   * Validates the flags (throwing a USAGE_ERROR) and builds the call; no I/O. Its answer is
   * printed. With `job`, the call starts long work on the service: radar shows its progress
   * and prints the job's result, the same document as the call would answer.
   */
  toRequest?(flags: FlagValues, args: string[]): OperatorRequest;
  job?: boolean;
  /** For verbs that print something other than one answer (a status table, a followed job): returns the exit code. */
  run?(context: VerbContext): Promise<number>;
}

export interface NounSpec {
  name: string;
  summary: string;
  verbs: VerbSpec[];
}
