import type { NounSpec } from '../command-spec';
import { companiesCommands } from './companies';
import { creditsCommands } from './credits';
import { datasetCommands } from './dataset';
import { jobsCommands } from './jobs';
import { listCommands } from './list';
import { mcpCommands } from './mcp';
import { monitorCommands, monitorsCommands } from './monitor';
import { providerCommands } from './provider';
import { slackCommands } from './slack';
import { statusCommands } from './status';
import { tokenCommands } from './token';
import { userCommands } from './user';
import { webhookCommands } from './webhook';
import { workspaceCommands } from './workspace';

/** Every noun of `radar`, in the order `radar --help` lists them. A new noun is one file and one line here. */
export const NOUNS: NounSpec[] = [workspaceCommands, userCommands, tokenCommands, creditsCommands, listCommands, companiesCommands, monitorCommands, monitorsCommands, webhookCommands, slackCommands, providerCommands, datasetCommands, jobsCommands, statusCommands, mcpCommands];
