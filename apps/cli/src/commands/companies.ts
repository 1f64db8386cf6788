import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  companyLookupResponseSchema,
  LOOKUP_MAX_ITEMS,
  similarCompaniesRequestSchema,
  similarCompaniesResponseSchema,
} from '@radar/contracts';
import { CliError, EXIT, usageError } from '../cli-error';
import type { NounSpec } from '../command-spec';
import { integerFlag, stringFlag, validateFlags } from '../flags/flag-values';
import { writeResult } from '../output';
import { lookupCsvHeader, lookupCsvRow, readLookupFile } from '../public-api/lookup-file';
import { PublicApiClient } from '../public-api/public-api-client';

const formatFlag = z.enum(['csv', 'jsonl']);

/** `a,b, c` -> ['a', 'b', 'c']; an absent flag stays absent so the schema names it. */
const commaList = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);

export const companiesCommands: NounSpec = {
  name: 'companies',
  summary: 'A customer\'s own list against the public API (token in RADAR_TOKEN, gateway at RADAR_BASE_URL)',
  verbs: [
    {
      name: 'lookup',
      summary:
        'Look up every entry of a file (a CSV with a domain and/or name column, or one domain per line), 100 a call within the rate limit; results on stdout as CSV or JSON lines, progress on stderr',
      flags: [
        { flags: '--file <path>', description: 'the list: CSV with a header (ref, domain, name, country) or one domain per line', required: true },
        { flags: '--format <format>', description: '`csv` (default) or `jsonl`' },
      ],
      examples: ['radar companies lookup --file domains.csv', 'radar companies lookup --file crm-export.csv --format jsonl'],
      run: async (context) => {
        const path = stringFlag(context.flags, 'file') as string;
        const format = validateFlags(z.object({ format: formatFlag.default('csv') }), { format: stringFlag(context.flags, 'format') }).format;
        let text: string;
        try {
          text = await readFile(path, 'utf8');
        } catch {
          throw new CliError('FILE_UNREADABLE', `Cannot read --file ${path}`);
        }
        const items = readLookupFile(text);
        if (items.length === 0) throw usageError(`--file ${path} holds no entries`);
        const api = PublicApiClient.fromEnv(context.env(), context.fetch);
        if (format === 'csv') context.stdout.write(lookupCsvHeader());
        const counts = { matched: 0, not_found: 0, ambiguous: 0, invalid: 0 };
        for (let start = 0; start < items.length; start += LOOKUP_MAX_ITEMS) {
          const batch = items.slice(start, start + LOOKUP_MAX_ITEMS);
          const answer = await api.post('/companies/lookup', { items: batch }, companyLookupResponseSchema);
          answer.items.forEach((result, index) => {
            const item = batch[index] ?? {};
            context.stdout.write(format === 'csv' ? lookupCsvRow(item, result) : `${JSON.stringify({ input: item, ...result })}\n`);
          });
          for (const status of ['matched', 'not_found', 'ambiguous', 'invalid'] as const) counts[status] += answer[status];
          context.stderr.write(`looked up ${start + batch.length}/${items.length}\n`);
        }
        context.stderr.write(`matched ${counts.matched}, not found ${counts.not_found}, ambiguous ${counts.ambiguous}, invalid ${counts.invalid}\n`);
        return EXIT.ok;
      },
    },
    {
      name: 'similar',
      summary: 'The companies most similar to seed companies. Prints {seeds, items, limit}',
      flags: [
        { flags: '--company-ids <ids>', description: 'comma-separated company ids, 1 to 20 seeds', required: true },
        { flags: '--limit <limit>', description: 'how many, 1 to 100 (default 20)' },
      ],
      examples: ['radar companies similar --company-ids 1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d,2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e --limit 50'],
      run: async (context) => {
        const body = validateFlags(
          similarCompaniesRequestSchema,
          { company_ids: commaList(stringFlag(context.flags, 'companyIds')), limit: integerFlag(context.flags, 'limit', '--limit') },
          { company_ids: '--company-ids' },
        );
        const answer = await PublicApiClient.fromEnv(context.env(), context.fetch).post('/companies/similar', body, similarCompaniesResponseSchema);
        writeResult(context.stdout, answer);
        return EXIT.ok;
      },
    },
  ],
};
