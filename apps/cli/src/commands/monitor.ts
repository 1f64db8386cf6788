import {
  followListBodySchema,
  MONITOR_OPERATOR_ROUTES,
  monitorSchema,
  runMonitorsBodySchema,
  runMonitorsResultSchema,
} from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

/** `a,b, c` -> ['a', 'b', 'c']; an absent flag stays absent so the schema names it. */
const commaList = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);

/** `radar monitor follow-list`: a monitor whose companies are a saved list's. */
export const monitorCommands: NounSpec = {
  name: 'monitor',
  summary: 'One monitor',
  verbs: [
    {
      name: 'follow-list',
      summary: "Create a monitor that watches a saved list's companies (read again at each run). Prints the monitor",
      flags: [
        { flags: '--workspace <workspace_id>', description: 'the workspace', required: true },
        { flags: '--list <list_id>', description: 'the saved list', required: true },
        { flags: '--name <name>', description: 'the monitor name', required: true },
        { flags: '--signal-types <types>', description: 'comma-separated: job_openings, financing_events, news_events, connections', required: true },
      ],
      examples: [
        'radar monitor follow-list --workspace 0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 --list 7d2e9f41-3c5b-4a8e-b1f0-6a9c8d7e5f43 --name "Target accounts" --signal-types job_openings,news_events',
      ],
      toRequest: (flags) =>
        operatorRequest(MONITOR_OPERATOR_ROUTES.followList, {
          body: validateFlags(
            followListBodySchema,
            {
              workspace_id: stringFlag(flags, 'workspace'),
              list_id: stringFlag(flags, 'list'),
              name: stringFlag(flags, 'name'),
              signal_types: commaList(stringFlag(flags, 'signalTypes')),
            },
            { workspace_id: '--workspace', list_id: '--list' },
          ),
          result: monitorSchema,
        }),
    },
  ],
};

/** `radar monitors run`: the daily job now, for a UTC day, waiting for its runs to end. */
export const monitorsCommands: NounSpec = {
  name: 'monitors',
  summary: 'The daily monitor runs',
  verbs: [
    {
      name: 'run',
      summary:
        'Run the daily job now for a UTC day (today by default), exactly as the 09:00 schedule would, as a job: shows the checks answered until its runs end. Prints {runs}',
      flags: [
        { flags: '--date <YYYY-MM-DD>', description: 'the UTC day (today by default; any past day)' },
        { flags: '--monitor <monitor_id>', description: 'only this monitor' },
      ],
      examples: ['radar monitors run', 'radar monitors run --date 2026-11-20 --monitor 6f1c0a4e-2b7d-4c1e-9a55-0d3b8e7f2a91'],
      job: true,
      toRequest: (flags) =>
        operatorRequest(MONITOR_OPERATOR_ROUTES.runMonitors, {
          body: validateFlags(runMonitorsBodySchema, { date: stringFlag(flags, 'date'), monitor_id: stringFlag(flags, 'monitor') }, { monitor_id: '--monitor' }),
          result: runMonitorsResultSchema,
        }),
    },
  ],
};
