import type { CompanyLookupItem, CompanyLookupResult } from '@radar/contracts';

/** Column names a CRM export may use for each field of a lookup entry (case-insensitive). */
const COLUMNS: Record<keyof CompanyLookupItem, readonly string[]> = {
  ref: ['ref', 'id', 'crm_id', 'record_id'],
  domain: ['domain', 'website', 'url', 'email'],
  name: ['name', 'company', 'company_name'],
  country: ['country'],
};

/** The fields of one CSV line: commas separate, double quotes enclose, "" is a quote. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i] as string;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

/**
 * The entries of a list file: a CSV whose header names a domain or name column (ref, domain,
 * name and country are read; other columns are ignored), or one domain per line. Blank lines are
 * skipped.
 */
export function readLookupFile(text: string): CompanyLookupItem[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0] === undefined ? [] : csvFields(lines[0]).map((field) => field.toLowerCase());
  const columnOf = (field: keyof CompanyLookupItem) => header.findIndex((name) => COLUMNS[field].includes(name));
  if (columnOf('domain') < 0 && columnOf('name') < 0) return lines.map((line) => ({ domain: line.trim() }));
  const columns = (['ref', 'domain', 'name', 'country'] as const).map((field) => [field, columnOf(field)] as const);
  return lines.slice(1).map((line) => {
    const fields = csvFields(line);
    const item: CompanyLookupItem = {};
    for (const [field, column] of columns) {
      const value = column < 0 ? '' : (fields[column] ?? '');
      if (value !== '') item[field] = value;
    }
    return item;
  });
}

const CSV_HEADER = ['ref', 'input_domain', 'input_name', 'status', 'reason', 'match_type', 'confidence', 'company_id', 'name', 'domain', 'country', 'candidates'];

const csvValue = (value: string | number | null | undefined): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const lookupCsvHeader = (): string => `${CSV_HEADER.join(',')}\n`;

/** One result as a CSV row: the entry as sent, the outcome, the company, candidates' ids joined by `;`. */
export function lookupCsvRow(item: CompanyLookupItem, result: CompanyLookupResult): string {
  const company = result.company;
  return `${[
    result.ref,
    item.domain,
    item.name,
    result.status,
    result.reason,
    result.match_type,
    result.confidence,
    company?.company_id,
    company?.name,
    company?.domain,
    company?.country,
    result.candidates.map((candidate) => candidate.company_id).join(';'),
  ]
    .map(csvValue)
    .join(',')}\n`;
}
