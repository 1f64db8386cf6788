import { z } from 'zod';
import { jobIdSchema, JOBS_LIST_MAX, jobsPageSchema, OPERATOR_JOB_ROUTES } from '@radar/contracts';
import { EXIT } from '../cli-error';
import type { NounSpec } from '../command-spec';
import { integerFlag, switchFlag, validateFlags } from '../flags/flag-values';
import { followJob, outcomeOf, readJob } from '../jobs/follow-job';
import { operatorRequest } from '../operator-request';
import { writeResult } from '../output';
import { createProgressView } from '../progress/progress-view';

const EXAMPLE_ID = 'search.0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09';

/** `radar jobs`: long operator work (dataset loads, monitor runs) on whichever service runs it. */
export const jobsCommands: NounSpec = {
  name: 'jobs',
  summary: 'Long operator work running on the services (dataset loads, monitor runs)',
  verbs: [
    {
      name: 'list',
      summary: 'The latest jobs of every service, newest first. Prints {items, unreachable} (services that did not answer)',
      flags: [{ flags: '--limit <count>', description: `how many (1-${JOBS_LIST_MAX}, default 20)` }],
      examples: ['radar jobs list', 'radar jobs list --limit 5'],
      toRequest: (flags) => {
        const { limit } = validateFlags(z.object({ limit: z.number().int().min(1).max(JOBS_LIST_MAX).optional() }), {
          limit: integerFlag(flags, 'limit', '--limit'),
        });
        return operatorRequest(OPERATOR_JOB_ROUTES.listJobs, { query: limit === undefined ? {} : { limit: String(limit) }, result: jobsPageSchema });
      },
    },
    {
      name: 'show',
      summary:
        'One job: its status, progress (done, total, rate, time left) and, once it ended, its result or error. With --follow, shows its progress until it ends and prints the job then',
      args: [{ name: 'job_id', description: 'the job, e.g. search.<uuid> (dataset load) or monitor-scheduler.<uuid> (monitors run)' }],
      flags: [{ flags: '--follow', description: 'wait for the job to end, showing its progress; exits 1 when it failed' }],
      examples: [`radar jobs show ${EXAMPLE_ID}`, `radar jobs show ${EXAMPLE_ID} --follow`],
      run: async (context) => {
        const { job_id: jobId } = validateFlags(z.object({ job_id: jobIdSchema }), { job_id: context.args[0] }, { job_id: '<job_id>' });
        const follow = switchFlag(context.flags, 'follow') === true;
        const client = context.client();
        const job = await readJob(client, jobId.toLowerCase());
        if (!follow) {
          writeResult(context.stdout, job);
          return EXIT.ok;
        }
        const view = createProgressView(context.stderr, { jsonOnly: context.jsonOnly, env: context.env() });
        const ended = await followJob(job, { client, view, onInterrupt: context.onInterrupt });
        writeResult(context.stdout, ended);
        outcomeOf(ended);
        return EXIT.ok;
      },
    },
  ],
};
