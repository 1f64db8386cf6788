import type { NounSpec } from '../command-spec';
import { creditsCommands } from './credits';
import { datasetCommands } from './dataset';
import { listCommands } from './list';
import { tokenCommands } from './token';
import { userCommands } from './user';
import { workspaceCommands } from './workspace';

/** Every noun of `radar`, in the order `radar --help` lists them. A new noun is one file and one line here. */
export const NOUNS: NounSpec[] = [workspaceCommands, userCommands, tokenCommands, creditsCommands, listCommands, datasetCommands];
