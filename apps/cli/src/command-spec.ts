import type { FlagValues } from './flags/flag-values';
import type { OperatorRequest } from './operator-request';

export interface FlagSpec {
  /** Commander syntax: `--credits <credits>` takes a value, `--never-expires` is a switch. */
  flags: string;
  description: string;
  required?: boolean;
  /** camelCase attribute names of flags this one cannot be combined with. */
  conflicts?: string[];
}

/** `radar <noun> <verb> [--flags]`: the flags, and how they become one operator call. */
export interface VerbSpec {
  name: string;
  summary: string;
  flags: FlagSpec[];
  /** Validates the flags (throwing a USAGE_ERROR) and builds the call; no I/O. */
  toRequest(flags: FlagValues): OperatorRequest;
}

export interface NounSpec {
  name: string;
  summary: string;
  verbs: VerbSpec[];
}
