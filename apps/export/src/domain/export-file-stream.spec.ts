import { parse } from 'csv-parse/sync';
import { EXPORT_CSV_COLUMNS, type CompanyDetail, type ExportFormat } from '@radar/contracts';
import { exportFileStream } from './export-file-stream';

const company = (overrides: Partial<CompanyDetail> = {}): CompanyDetail => ({
  company_id: '0e6a6c4e-9a43-4a1b-9d7e-6d3d8f0e1a01',
  name: 'Acme',
  domain: 'acme.example',
  industry: 'Software',
  city: 'Berlin',
  description: 'Tools',
  employee_count: 50,
  employee_range: '11-50',
  country: 'DE',
  technologies: ['Go', 'Rust'],
  founded_year: 2010,
  profile_url: null,
  funding_stage: 'series_b',
  funding_total_usd: 12000000,
  last_funding_date: '2021-03-04',
  ...overrides,
});

async function* batches(...groups: CompanyDetail[][]) {
  for (const group of groups) yield group;
}

async function text(format: ExportFormat, source: AsyncIterable<CompanyDetail[]>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of exportFileStream(format, source)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('exportFileStream', () => {
  it('writes the CSV header and one CRLF-terminated record per company, null as an empty cell', async () => {
    const csv = await text('csv', batches([company()], [], [company({ name: 'Beta', technologies: [] })]));
    expect(csv.split('\r\n')).toEqual([
      EXPORT_CSV_COLUMNS.join(','),
      '0e6a6c4e-9a43-4a1b-9d7e-6d3d8f0e1a01,Acme,acme.example,Software,50,11-50,DE,Berlin,Tools,Go;Rust,2010,,series_b,12000000,2021-03-04',
      '0e6a6c4e-9a43-4a1b-9d7e-6d3d8f0e1a01,Beta,acme.example,Software,50,11-50,DE,Berlin,Tools,,2010,,series_b,12000000,2021-03-04',
      '',
    ]);
  });

  it('writes a header only for no companies, and an empty JSON array', async () => {
    expect(await text('csv', batches([]))).toBe(`${EXPORT_CSV_COLUMNS.join(',')}\r\n`);
    expect(JSON.parse(await text('json', batches([], [])))).toEqual([]);
  });

  it('round-trips awkward text through a CSV parser', async () => {
    const awkward = company({ name: 'Quote " comma , newline \n end', description: 'tab\there' });
    const [row] = parse(await text('csv', batches([awkward])), { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ name: awkward.name, description: awkward.description });
  });

  it('writes JSON as one array of the company objects, across batches', async () => {
    const companies = [company(), company({ name: 'B' }), company({ name: 'C' })];
    expect(JSON.parse(await text('json', batches(companies.slice(0, 1), [], companies.slice(1))))).toEqual(companies);
  });
});
