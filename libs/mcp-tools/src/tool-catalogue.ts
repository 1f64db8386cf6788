import {
  downloadResponseSchema,
  exportJobSchema,
  idempotencyKeySchema,
  type CompanyDetail,
  type CountsResponse,
  type CreateExportResponse,
  type CreditsResponse,
  type ExportJob,
  type ExportPreview,
  type LeadsPage,
  type LeadsSummary,
  type MonitorsPage,
  type MonitorView,
  type SearchResponse,
  type SignalsPage,
  type SignalsSummary,
} from '@radar/contracts';
import { cursorPaging, offsetPaging, pageNumberPaging } from './paging';
import { publicOperation, type RadarTool } from './radar-tool';

const familyCounts = (families: { label: string; count: number }[]): string =>
  families.filter((family) => family.count > 0).map((family) => `${family.label} ${family.count}`).join(', ') || 'none by family';

const monitorLine = (monitor: MonitorView): string =>
  `Monitor "${monitor.name}" (${monitor.id}): ${monitor.status}, ${monitor.domains.length} companies, ` +
  `${monitor.signal_types.join(' + ')}, about ${monitor.estimated_daily_cost} credits a day.`;

const FREE = 'Free: charges no credits.';
const READ_WRITE_OWNER = 'Needs a read_write token whose holder is an owner or admin of the workspace.';

/**
 * Radar's tools, in the order `tools/list` gives them. Names are fixed for v1 (never renamed or
 * removed); a new tool is one entry here, served over HTTP (apps/mcp) and stdio (`radar mcp`) alike.
 */
export const RADAR_TOOLS: RadarTool[] = [
  {
    name: 'search_companies',
    title: 'Search companies',
    description:
      'Find companies in the Radar index by free text (`query`) and filters (countries, industries, size, technologies, ' +
      'founding year, keywords, connections). Start here to find company ids for the other tools. Filter names and ' +
      'values are checked: a wrong one is refused naming it. Countries are full English names (`Germany`). Answers a ' +
      'page (`limit` up to 100, default 20) with facet counts; `total` stops at 10,000 (count_companies gives the exact ' +
      `number). For the next page call again with the same arguments and \`cursor\` set to \`next_cursor\`. ${FREE}`,
    operation: publicOperation('searchCompanies'),
    readOnly: true,
    summarize: (answer: SearchResponse) =>
      `${answer.items.length} companies of ${answer.total >= 10_000 ? 'at least 10,000' : answer.total} matching. ${cursorPaging('search_companies', answer.next_cursor)}`,
  },
  {
    name: 'count_companies',
    title: 'Count companies',
    description:
      'The exact number of companies matching search filters (same filters as search_companies, without `limit` and ' +
      '`cursor`), and how many of them the workspace already saved or exported. Use it to size a list before ' +
      `preview_export. ${FREE}`,
    operation: publicOperation('countCompanies'),
    readOnly: true,
    summarize: (answer: CountsResponse) => `${answer.total} companies match; ${answer.saved} of them already saved or exported by the workspace.`,
  },
  {
    name: 'get_company',
    title: 'Get a company',
    description:
      'The full record of one company by its `company_id` (a UUID from search_companies, lookup_companies or ' +
      `similar_companies; a domain is not an id): description, size, location, funding, technologies. ${FREE}`,
    operation: publicOperation('getCompany'),
    readOnly: true,
    summarize: (answer: CompanyDetail) => `${answer.name} (${answer.domain}), ${answer.industry ?? 'industry unknown'}, ${answer.country ?? 'country unknown'}.`,
  },
  {
    name: 'list_company_job_postings',
    title: "List a company's job postings",
    description:
      "A company's open job postings, newest first, by page (`page` from 1, `page_size` up to 50): what the company is " +
      `hiring for. ${FREE}`,
    operation: publicOperation('listCompanyJobPostings'),
    readOnly: true,
    summarize: (answer: { items: unknown[]; total: number; page: number; page_size: number }) =>
      pageNumberPaging('list_company_job_postings', 'Job postings', answer),
  },
  {
    name: 'lookup_companies',
    title: 'Look up your own companies',
    description:
      "Match a list of the user's own companies (from a CRM or a spreadsheet), 1 to 100 entries of `domain` and/or " +
      '`name` (and `country` to narrow a name), to Radar records. Each entry gets one result in the order sent: ' +
      '`matched` (with the company), `ambiguous` (with up to 3 candidates to choose from), `not_found` or `invalid`. ' +
      `Prefer domains: they match exactly. Pass \`ref\` to recognise your entries in the results. ${FREE}`,
    operation: publicOperation('lookupCompanies'),
    readOnly: true,
    summarize: (answer: { matched: number; not_found: number; ambiguous: number; invalid: number }) =>
      `${answer.matched} matched, ${answer.ambiguous} ambiguous, ${answer.not_found} not found, ${answer.invalid} invalid.`,
  },
  {
    name: 'similar_companies',
    title: 'Find similar companies',
    description:
      'Companies most like 1 to 20 seed companies (`company_ids` from search_companies or lookup_companies): same ' +
      'industry, description terms, technologies, size and country, each with a `similarity` from 0 to 1 and what it ' +
      'shares with the seeds. Narrow the candidates with `filters` (search filters without query and sort); `limit` ' +
      `up to 100, default 20. Not paged: the best \`limit\` companies. ${FREE}`,
    operation: publicOperation('similarCompanies'),
    readOnly: true,
    summarize: (answer: { items: unknown[]; seeds: unknown[] }) => `${answer.items.length} companies similar to ${answer.seeds.length} seeds, most similar first.`,
  },
  {
    name: 'get_credits',
    title: 'Get the credit balance',
    description:
      "The workspace's credit balance and recent transactions. Exports and monitors cost credits: check the balance " +
      `before create_export or create_monitor. ${FREE}`,
    operation: publicOperation('getCredits'),
    readOnly: true,
    summarize: (answer: CreditsResponse) => `Balance: ${answer.balance} credits.`,
  },
  {
    name: 'preview_export',
    title: 'Preview an export',
    description:
      'What exporting companies would cost, without creating or charging anything: takes the arguments of ' +
      'create_export (a search as `search_filters`, a saved list, or explicit `company_ids`). Exports cost 1 credit per ' +
      'company the workspace never exported before. Always call this before create_export and tell the user the cost; ' +
      `\`would_skip\` above 0 means the balance is short and create_export would be refused. ${FREE}`,
    operation: publicOperation('previewExport'),
    readOnly: true,
    summarize: (answer: ExportPreview) =>
      `Would export ${answer.requested_count} companies for ${answer.cost} credits (${answer.already_unlocked} exported before are free); ` +
      `balance ${answer.balance}${answer.would_skip > 0 ? `, short by ${answer.would_skip} companies: creating it would be refused` : ''}.`,
  },
  {
    name: 'create_export',
    title: 'Create an export',
    description:
      'CHARGES CREDITS: 1 credit per company the workspace never exported before (companies exported before are free), ' +
      'at most 10,000 companies. Call preview_export first and confirm the cost with the user. Creates a CSV or JSON ' +
      'export job of a search (`search_filters`), a saved list (`list_id`); nothing is charged when the balance is short ' +
      '(refused with insufficient_balance). `idempotency_key` is required: reuse the same key when retrying the same ' +
      'export so it is never paid twice. Then poll get_export until `completed` for the download URL. Needs a read_write ' +
      'token.',
    operation: publicOperation('createExport'),
    readOnly: false,
    headerArguments: {
      idempotency_key: {
        header: 'Idempotency-Key',
        schema: idempotencyKeySchema,
        required: true,
        description:
          '1-255 printable characters, unique per export you mean to create. The same key with the same arguments within ' +
          '24 hours returns the first export again and charges nothing more.',
      },
    },
    summarize: (answer: CreateExportResponse) =>
      `Export ${answer.export_job.id} created (${answer.export_job.status}), ${answer.credits_charged} credits charged for ${answer.requested_count} companies. ` +
      'Call get_export with its id until it is completed.',
  },
  {
    name: 'get_export',
    title: 'Get an export',
    description:
      'An export job and its progress by `export_id`. When it is `completed` the answer also carries a fresh ' +
      '`download_url` (valid 15 minutes, fetch it without credentials). Poll every few seconds while it is `pending` ' +
      `or \`processing\`; a \`failed\` export is refunded in full. ${FREE}`,
    operation: publicOperation('getExport'),
    readOnly: true,
    answer: exportJobSchema.extend({ download_url: downloadResponseSchema.shape.download_url.optional() }),
    async complete(answer, call) {
      if (answer.status !== 'completed') return { ok: true, answer };
      const download = await call(publicOperation('createExportDownload'), { export_id: answer.id });
      return download.ok ? { ok: true, answer: { ...answer, download_url: download.answer.download_url } } : download;
    },
    summarize: (answer: ExportJob & { download_url?: string }) =>
      `Export ${answer.id} is ${answer.status} (${answer.processed_records} of ${answer.total_records ?? '?'} companies).` +
      (answer.download_url ? ' download_url is valid for 15 minutes.' : answer.status === 'failed' ? ` Failed: ${answer.failure_reason ?? 'unknown reason'}.` : ' Call get_export again in a few seconds.'),
  },
  {
    name: 'list_leads',
    title: 'List leads',
    description:
      'Recent events (funding, hiring, leadership changes, ...) of the companies Radar follows: by default one row per ' +
      'company with its newest event, within the last `days` days (default 30). Filter by `family`, `domain` or text ' +
      `(\`q\`); \`hide_watched\` drops companies a monitor already watches. Offset paging (\`limit\`, \`offset\`). ${FREE}`,
    operation: publicOperation('listLeads'),
    readOnly: true,
    summarize: (answer: LeadsPage, args) => offsetPaging('list_leads', 'Leads', answer, args),
  },
  {
    name: 'get_leads_summary',
    title: 'Summarise leads',
    description: `Counts over the leads feed for a window of \`days\` (and \`q\`, \`hide_watched\`): events, companies, by family. ${FREE}`,
    operation: publicOperation('getLeadsSummary'),
    readOnly: true,
    summarize: (answer: LeadsSummary) => `${answer.total} events of ${answer.companies} companies: ${familyCounts(answer.by_family)}.`,
  },
  {
    name: 'list_signals',
    title: 'List signals',
    description:
      "Everything the workspace's monitors delivered, newest first: filter by `signal_type`, `monitor_id`, `domain`, " +
      `\`family\`, and \`since\`/\`until\` (UTC days). Offset paging (\`limit\` up to 200, \`offset\`). ${FREE}`,
    operation: publicOperation('listSignals'),
    readOnly: true,
    summarize: (answer: SignalsPage, args) => offsetPaging('list_signals', 'Signals', answer, args),
  },
  {
    name: 'get_signals_summary',
    title: 'Summarise signals',
    description: `Counts of the signals the workspace's monitors delivered (same filters as list_signals): in all, last 24 hours, last 7 days, by family. ${FREE}`,
    operation: publicOperation('getSignalsSummary'),
    readOnly: true,
    summarize: (answer: SignalsSummary) => `${answer.total} signals (${answer.last_24h} in the last 24 hours, ${answer.last_7d} in 7 days): ${familyCounts(answer.by_family)}.`,
  },
  {
    name: 'list_monitors',
    title: 'List monitors',
    description: `The workspace's monitors (daily checks of companies for new signals), optionally of one \`status\`. Offset paging (\`limit\`, \`offset\`). ${FREE}`,
    operation: publicOperation('listMonitors'),
    readOnly: true,
    summarize: (answer: MonitorsPage, args) => offsetPaging('list_monitors', 'Monitors', answer, args),
  },
  {
    name: 'get_monitor',
    title: 'Get a monitor',
    description: `One monitor by \`monitor_id\`: its companies (domains), signal types, delivery, daily cost and last 7 runs. ${FREE}`,
    operation: publicOperation('getMonitor'),
    readOnly: true,
    summarize: monitorLine,
  },
  {
    name: 'create_monitor',
    title: 'Create a monitor',
    description:
      'CHARGES CREDITS every day: a monitor checks its companies (by domain) each morning at 09:00 UTC for new signals ' +
      'of the chosen `signal_types` and costs 1 credit per company per signal type per daily run. Tell the user the ' +
      'daily cost and check get_credits first. Delivery by `email` digest (default) or `webhook` (needs `webhook_id`). ' +
      `At most 10 active monitors per workspace. ${READ_WRITE_OWNER}`,
    operation: publicOperation('createMonitor'),
    readOnly: false,
    summarize: monitorLine,
  },
  {
    name: 'add_monitor_domain',
    title: 'Add a company to a monitor',
    description:
      "CHARGES CREDITS every day: adds one company (by `domain`) to a monitor, which raises the monitor's daily cost by 1 " +
      'credit per signal type it watches, from the next morning run. An already watched domain is refused with ' +
      `DOMAIN_ALREADY_ACTIVE. ${READ_WRITE_OWNER}`,
    operation: publicOperation('addMonitorDomain'),
    readOnly: false,
    summarize: monitorLine,
  },
];
