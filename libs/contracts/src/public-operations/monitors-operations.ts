import {
  addMonitorDomainBodySchema,
  createMonitorBodySchema,
  listMonitorsQuerySchema,
  listRunsQuerySchema,
  monitorSchema,
  monitorsPageSchema,
  runDetailSchema,
  runsPageSchema,
  updateMonitorBodySchema,
  type MonitorView,
  type RunDetail,
  type RunSummary,
} from '../monitors-api';
import type { PublicOperation } from './operation';
import { monitorDomainPathSchema, monitorPathSchema, monitorRunPathSchema } from './path-parameters';

const MONITOR_ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const run: RunSummary = {
  id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  monitor_id: MONITOR_ID,
  run_date: '2026-11-24',
  status: 'partial',
  started_at: '2026-11-24T09:00:00.412Z',
  completed_at: '2026-11-24T09:00:07.988Z',
  domains_total: 4,
  domains_processed: 3,
  domains_skipped_credits: 0,
  domains_failed: 1,
  credits_charged: 4,
  credits_refunded: 1,
  new_items_total: 5,
};

const monitor: MonitorView = {
  id: MONITOR_ID,
  workspace_id: '7d3e1f2a-4b5c-4d6e-9f7a-8b9c0d1e2f3a',
  created_by: '8e9f0a1b-2c3d-4e5f-8a6b-7c8d9e0f1a2b',
  name: 'Logistics accounts',
  signal_types: ['financing_events', 'job_openings'],
  delivery_method: 'webhook',
  webhook_id: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
  job_opening_filters: { title_keyword: 'engineer', seniority: ['head', 'director'], categories: ['engineering'] },
  list_id: null,
  list_name: null,
  slack_connection_id: null,
  slack_channel: null,
  status: 'active',
  last_run_at: '2026-11-24T09:00:07.988Z',
  last_run_status: 'partial',
  last_error: null,
  domains: [
    { domain: 'northwind-logistics.de', added_at: '2026-11-20T14:02:11.000Z' },
    { domain: 'example.com', added_at: '2026-11-21T08:45:30.000Z' },
  ],
  estimated_daily_cost: 4,
  recent_runs: [run],
  created_at: '2026-11-20T14:02:11.000Z',
  updated_at: '2026-11-24T09:00:07.988Z',
};

const { recent_runs: _recentRuns, ...listedMonitor } = monitor;

const runDetail: RunDetail = {
  ...run,
  run_domains: [
    {
      domain: 'northwind-logistics.de',
      signal_type: 'financing_events',
      status: 'success',
      error_code: null,
      items_fetched: 2,
      items_new: 1,
      items_pushed: 1,
      credit_charged: true,
      credit_refunded: false,
      started_at: '2026-11-24T09:00:00.512Z',
      completed_at: '2026-11-24T09:00:01.204Z',
    },
    {
      domain: 'example.com',
      signal_type: 'job_openings',
      status: 'error_pl',
      error_code: 'provider_timeout',
      items_fetched: 0,
      items_new: 0,
      items_pushed: 0,
      credit_charged: true,
      credit_refunded: true,
      started_at: '2026-11-24T09:00:01.300Z',
      completed_at: '2026-11-24T09:00:07.950Z',
    },
  ],
};

const CHANGE_RULE = 'Needs a `read_write` token whose holder is an owner or admin of the workspace at request time.';

export const MONITORS_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'createMonitor',
    method: 'POST',
    path: '/monitors',
    tag: 'Monitors',
    summary: 'Create a monitor',
    description:
      'Watches companies (by domain) for new signals of the chosen types; each daily run at 09:00 UTC costs 1 credit per ' +
      'company per signal type. Domains are normalised (lower case, no scheme, no `www.`, no path). Delivery by `email` ' +
      '(the default: a daily digest to the workspace owner) or `webhook` (needs `webhook_id`). A workspace may have at ' +
      `most 10 active monitors. ${CHANGE_RULE}`,
    request: {
      body: createMonitorBodySchema,
      bodyRequired: true,
      examples: {
        webhook: {
          summary: 'Funding and hiring, by webhook',
          value: {
            name: 'Logistics accounts',
            signal_types: ['financing_events', 'job_openings'],
            delivery_method: 'webhook',
            webhook_id: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
            domains: ['https://www.northwind-logistics.de/', 'example.com'],
            job_opening_filters: { title_keyword: 'engineer', seniority: ['head', 'director'], categories: ['engineering'] },
          },
        },
        email: { summary: 'News, by email digest', value: { name: 'Competitors', signal_types: ['news_events'], domains: ['example.com'] } },
      },
    },
    success: { status: 201, description: 'The monitor, active.', body: monitorSchema, examples: { created: { summary: 'Created', value: { ...monitor, recent_runs: [], last_run_at: null, last_run_status: null } } } },
    errors: ['WEBHOOK_REQUIRED', 'WEBHOOK_NOT_FOUND', 'WORKSPACE_CRON_JOB_LIMIT'],
    safeToRepeat: false,
  },
  {
    operationId: 'listMonitors',
    method: 'GET',
    path: '/monitors',
    tag: 'Monitors',
    summary: 'List monitors',
    description: 'The workspace\'s monitors by offset (`limit` 1-100, default 50), optionally of one status. Items carry no `recent_runs`.',
    request: { query: listMonitorsQuerySchema },
    success: { status: 200, description: 'A page of monitors.', body: monitorsPageSchema, examples: { page: { summary: 'A page', value: { items: [listedMonitor], total: 1 } } } },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'getMonitor',
    method: 'GET',
    path: '/monitors/{monitor_id}',
    tag: 'Monitors',
    summary: 'Get a monitor',
    description: 'The monitor with its domains and its last 7 runs, newest first.',
    request: { path: monitorPathSchema },
    success: { status: 200, description: 'The monitor.', body: monitorSchema, examples: { monitor: { summary: 'A monitor', value: monitor } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
  {
    operationId: 'updateMonitor',
    method: 'PATCH',
    path: '/monitors/{monitor_id}',
    tag: 'Monitors',
    summary: 'Change a monitor',
    description:
      'Send only the fields to change. `signal_types` replaces the list; switching to webhook delivery needs `webhook_id` in ' +
      'the same request; `job_opening_filters` replaces the filters (`{}` clears them); `slack_connection_id` null stops ' +
      'posting to team chat. `status` pauses (`paused_by_user`) or resumes (`active`); a monitor paused for lack of ' +
      'credits resumes by itself after a top-up and resuming it by hand is 409 `STATUS_TRANSITION_FORBIDDEN`; resuming ' +
      `at 10 active monitors is 409 \`WORKSPACE_CRON_JOB_LIMIT\`. ${CHANGE_RULE}`,
    request: {
      path: monitorPathSchema,
      body: updateMonitorBodySchema,
      bodyRequired: true,
      examples: {
        pause: { summary: 'Pause', value: { status: 'paused_by_user' } },
        email: { summary: 'Back to email, without filters', value: { delivery_method: 'email', webhook_id: null, job_opening_filters: {} } },
      },
    },
    success: { status: 200, description: 'The whole monitor, as Get shows it.', body: monitorSchema, examples: { paused: { summary: 'Paused', value: { ...monitor, status: 'paused_by_user' } } } },
    errors: ['NOT_FOUND', 'WEBHOOK_REQUIRED', 'WEBHOOK_NOT_FOUND', 'WORKSPACE_CRON_JOB_LIMIT', 'STATUS_TRANSITION_FORBIDDEN'],
    safeToRepeat: false,
  },
  {
    operationId: 'deleteMonitor',
    method: 'DELETE',
    path: '/monitors/{monitor_id}',
    tag: 'Monitors',
    summary: 'Delete a monitor',
    description: `Deletes the monitor and its run history. Signals it delivered remain. ${CHANGE_RULE}`,
    request: { path: monitorPathSchema },
    success: { status: 204, description: 'Deleted.' },
    errors: ['NOT_FOUND'],
    safeToRepeat: false,
  },
  {
    operationId: 'addMonitorDomain',
    method: 'POST',
    path: '/monitors/{monitor_id}/domains',
    tag: 'Monitors',
    summary: 'Add a company to a monitor',
    description:
      'Adds one company by domain (normalised as on create). Its first check is at the next morning run, and the daily ' +
      'cost rises by 1 per signal type. An already watched domain is 409 `DOMAIN_ALREADY_ACTIVE`; a monitor that follows ' +
      `a saved list is 409 \`DOMAINS_FOLLOW_LIST\`. ${CHANGE_RULE}`,
    request: { path: monitorPathSchema, body: addMonitorDomainBodySchema, bodyRequired: true, examples: { domain: { summary: 'A domain', value: { domain: 'www.example.org' } } } },
    success: { status: 201, description: 'The whole monitor, as Get shows it.', body: monitorSchema },
    errors: ['NOT_FOUND', 'DOMAIN_ALREADY_ACTIVE', 'DOMAINS_FOLLOW_LIST'],
    safeToRepeat: false,
  },
  {
    operationId: 'removeMonitorDomain',
    method: 'DELETE',
    path: '/monitors/{monitor_id}/domains/{domain}',
    tag: 'Monitors',
    summary: 'Remove a company from a monitor',
    description: `Stops watching the company. A monitor that follows a saved list is 409 \`DOMAINS_FOLLOW_LIST\`. ${CHANGE_RULE}`,
    request: { path: monitorDomainPathSchema },
    success: { status: 204, description: 'Removed.' },
    errors: ['NOT_FOUND', 'DOMAINS_FOLLOW_LIST'],
    safeToRepeat: false,
  },
  {
    operationId: 'listMonitorRuns',
    method: 'GET',
    path: '/monitors/{monitor_id}/runs',
    tag: 'Monitors',
    summary: 'List a monitor\'s runs',
    description:
      'The monitor\'s runs, newest first, by offset (`limit` 1-200, default 50); `has_more` tells whether another page ' +
      'follows. Run counters: `domains_total` = `domains_processed` + `domains_skipped_credits` + `domains_failed`; ' +
      '`credits_charged` = `domains_processed` + `domains_failed`; `credits_refunded` = `domains_failed`.',
    request: { path: monitorPathSchema, query: listRunsQuerySchema },
    success: { status: 200, description: 'A page of runs.', body: runsPageSchema, examples: { page: { summary: 'A page', value: { items: [run], total: 1, limit: 50, offset: 0, has_more: false } } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
  {
    operationId: 'getMonitorRun',
    method: 'GET',
    path: '/monitors/{monitor_id}/runs/{run_id}',
    tag: 'Monitors',
    summary: 'Get a run with its checks',
    description:
      'The run summary and each of its checks (`run_domains`: one per company and signal type, in run order). A check that ' +
      'could not be made (`error_pl`, `error_other`) was charged and refunded; `skipped_credits` ones were never charged.',
    request: { path: monitorRunPathSchema },
    success: { status: 200, description: 'The run.', body: runDetailSchema, examples: { run: { summary: 'A partial run', value: runDetail } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
];
