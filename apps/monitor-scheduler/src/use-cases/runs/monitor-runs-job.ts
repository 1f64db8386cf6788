import { z } from 'zod';
import { jobKind } from '@radar/platform/jobs';
import { runMonitorsNow, type MonitorRunsRequest } from './run-monitors-now';

type Deps = Parameters<typeof runMonitorsNow>[0];

const storedInput: z.ZodType<MonitorRunsRequest> = z.object({ date: z.string(), monitor_id: z.string().optional() });

/**
 * `radar monitors run` as a job: progress counts the checks of the day's runs that were
 * answered. Taking over an interrupted job runs the request again, which carries the day's
 * unfinished runs on and charges nothing twice.
 */
export const monitorRunsJob = (deps: Deps) =>
  jobKind({
    unit: 'checks',
    input: storedInput,
    run: (input, job) => runMonitorsNow(deps, input, ({ checksDone, checksTotal, phase }) => job.progress(checksDone, { total: checksTotal, phase })),
  });
