import { EVENT_FAMILIES, FAMILY_LABELS, type EventFamily, type SignalRecord } from '../monitoring';
import {
  leadsPageSchema,
  leadsSummaryQuerySchema,
  leadsSummarySchema,
  listLeadsQuerySchema,
  listSignalsQuerySchema,
  SIGNAL_EXPORT_COLUMNS,
  signalsExportQuerySchema,
  signalsPageSchema,
  signalsSummaryQuerySchema,
  signalsSummarySchema,
  type Lead,
  type LeadsSummary,
  type SignalsSummary,
} from '../signals';
import type { PublicOperation } from './operation';

/** SignalFamilyCount[]: every family, in the contract's order, zeros included. */
const familyCounts = (counts: Partial<Record<EventFamily, number>>) =>
  EVENT_FAMILIES.map((family) => ({ family, label: FAMILY_LABELS[family], count: counts[family] ?? 0 }));

const signal: SignalRecord = {
  id: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
  fired_at: '2026-11-24T09:00:01.204Z',
  signal_type: 'financing_events',
  signal_label: 'Financing event',
  domain: 'northwind-logistics.de',
  cron_job_id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  cron_job_name: 'Logistics accounts',
  delivery_method: 'webhook',
  pl_item_id: 'fin_01JD8Q3W7K',
  webhook_delivery_id: 'msg_2pQzR8sT1uV',
  delivery_status: 'delivered',
  response_status: 200,
  content_available: true,
  headline: 'Northwind Logistics raises a USD 42M Series B',
  details: ['Series B', 'USD 42,000,000', 'Led by Example Ventures'],
  source_url: 'https://news.example.com/northwind-series-b',
  family: 'funding',
  family_label: 'Funding',
  category: 'receives_financing',
  happened_on: '2026-11-21',
};

const signalsSummary: SignalsSummary = { total: 41, last_24h: 5, last_7d: 17, unclassified: 1, by_family: familyCounts({ funding: 6, hiring: 22, leadership: 4, commercial: 8 }) };

const lead: Lead = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  domain: 'northwind-logistics.de',
  company_name: 'Northwind Logistics',
  signal_type: 'news_events',
  signal_label: 'News event',
  family: 'funding',
  family_label: 'Funding',
  category: 'receives_financing',
  headline: 'Northwind Logistics raises a USD 42M Series B',
  details: ['Series B', 'USD 42,000,000'],
  source_url: 'https://news.example.com/northwind-series-b',
  happened_on: '2026-11-21',
  found_at: '2026-11-22T06:10:44.000Z',
  watched: false,
  company_signals: 3,
  company_families: ['funding', 'hiring'],
};

const leadsSummary: LeadsSummary = {
  total: 12_480,
  companies: 3_911,
  by_family: familyCounts({ funding: 820, hiring: 7_400, leadership: 1_100, commercial: 1_900, product: 1_260 }),
  companies_followed: 8_900,
  last_received_at: '2026-11-24T06:10:44.000Z',
};

const FAMILIES = `Families: ${EVENT_FAMILIES.join(', ')}.`;

export const SIGNALS_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'listSignals',
    method: 'GET',
    path: '/signals',
    tag: 'Signals',
    summary: 'List signals',
    description:
      'Everything the workspace\'s monitors delivered, newest first, by offset (`limit` 1-200, default 50). `since` and ' +
      '`until` are UTC days of delivery, both inclusive. A signal with `content_available` false was delivered but its ' +
      `text was not kept; the event still happened. ${FAMILIES}`,
    request: { query: listSignalsQuerySchema },
    success: { status: 200, description: 'A page of signals.', body: signalsPageSchema, examples: { page: { summary: 'A page', value: { items: [signal], total: 41, limit: 50, offset: 0 } } } },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'getSignalsSummary',
    method: 'GET',
    path: '/signals/summary',
    tag: 'Signals',
    summary: 'Summarise signals',
    description:
      'Counts of the signals the list filters select (without `family` and paging): in all, in the last 24 hours and 7 ' +
      'days, and by family (every family listed, zeros included). Signals of no known family count in `total` and ' +
      '`unclassified` only.',
    request: { query: signalsSummaryQuerySchema },
    success: { status: 200, description: 'The counts.', body: signalsSummarySchema, examples: { summary: { summary: 'Counts', value: signalsSummary } } },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'exportSignals',
    method: 'GET',
    path: '/signals/export',
    tag: 'Signals',
    summary: 'Export signals as CSV',
    description:
      'Streams the signals the list filters select, without paging, as CSV (RFC 4180, UTF-8, header row first). Free. New ' +
      'columns are only ever appended at the end.',
    request: { query: signalsExportQuerySchema },
    success: {
      status: 200,
      description: 'The CSV file.',
      file: {
        mediaType: 'text/csv',
        description: `Columns, in order: ${SIGNAL_EXPORT_COLUMNS.join(', ')}.`,
        example:
          `${SIGNAL_EXPORT_COLUMNS.join(',')}\r\n` +
          '2026-11-24T09:00:01.204Z,financing_events,northwind-logistics.de,Northwind Logistics raises a USD 42M Series B,' +
          'Series B; USD 42000000,https://news.example.com/northwind-series-b,Logistics accounts,webhook,delivered,true,' +
          'fin_01JD8Q3W7K,funding,2026-11-21\r\n',
      },
    },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'listLeads',
    method: 'GET',
    path: '/leads',
    tag: 'Leads',
    summary: 'List leads',
    description:
      'Recent events of the followed companies that happened in the last `days` days (default 30, at most 365; job ' +
      'openings are kept 90 days, everything else a year), ordered by `happened_on` then `found_at`, newest first. By ' +
      'default one row per company (its newest signal); `per_company=false` lists every signal. `hide_watched` omits ' +
      'companies a monitor of the workspace already watches. An empty list means nothing was found in the window. ' +
      FAMILIES,
    request: { query: listLeadsQuerySchema },
    success: { status: 200, description: 'A page of leads.', body: leadsPageSchema, examples: { page: { summary: 'A page', value: { items: [lead], total: 3911, limit: 50, offset: 0 } } } },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'getLeadsSummary',
    method: 'GET',
    path: '/leads/summary',
    tag: 'Leads',
    summary: 'Summarise leads',
    description:
      'Counts over the same window as the list (`days`, `q`, `hide_watched`; not `family`): signals in the window ' +
      '(`total`, as `per_company=false` lists them), companies (as `per_company=true` lists them), by family (zeros ' +
      'included), the followed companies, and when the feed last received an event.',
    request: { query: leadsSummaryQuerySchema },
    success: { status: 200, description: 'The counts.', body: leadsSummarySchema, examples: { summary: { summary: 'Counts', value: leadsSummary } } },
    errors: [],
    safeToRepeat: true,
  },
];
