import type { CompanyDocument } from './company-document';

/**
 * Characters a keyword value may hold and still be indexed (`ignore_above` in the mapping):
 * longer values stay in _source but are not searchable, far below Lucene's term limit of
 * 32,766 bytes, which a longer value would break with an indexing error.
 */
export const KEYWORD_IGNORE_ABOVE = 1_024;

/** Elasticsearch refuses document ids longer than this many bytes. */
const ID_MAX_BYTES = 512;
/** A name longer than a keyword holds would be missing from the name sort. */
const NAME_MAX_CHARS = KEYWORD_IGNORE_ABOVE;
/** Far beyond any real description; a larger one is a broken record, not a company. */
const DESCRIPTION_MAX_CHARS = 100_000;
const INTEGER_MAX = 2_147_483_647;

/** A stored company that Elasticsearch would refuse, or index wrongly, as it is. */
export class UnindexableCompanyError extends Error {
  constructor(
    readonly companyId: string,
    readonly problem: string,
  ) {
    super(`company ${companyId} cannot be indexed: ${problem}`);
    this.name = 'UnindexableCompanyError';
  }
}

const isCalendarDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const isInteger = (value: number | undefined): boolean => value === undefined || (Number.isInteger(value) && Math.abs(value) <= INTEGER_MAX);

/** What makes the document unindexable (the mapping's types and limits), if anything. */
export function indexingProblem(document: CompanyDocument): string | undefined {
  const idBytes = Buffer.byteLength(document.id, 'utf8');
  if (idBytes === 0 || idBytes > ID_MAX_BYTES) return `id of ${idBytes} bytes (1 to ${ID_MAX_BYTES})`;
  if (document.name.length > NAME_MAX_CHARS) return `name of ${document.name.length} characters (at most ${NAME_MAX_CHARS})`;
  if ((document.description?.length ?? 0) > DESCRIPTION_MAX_CHARS) return `description of ${document.description?.length} characters (at most ${DESCRIPTION_MAX_CHARS})`;
  if (document.last_funding_date !== undefined && !isCalendarDate(document.last_funding_date)) return `last_funding_date ${JSON.stringify(document.last_funding_date)} is not a calendar date (YYYY-MM-DD)`;
  for (const field of ['employee_count', 'founded_year', 'data_quality_score'] as const) {
    if (!isInteger(document[field])) return `${field} ${document[field]} is not a 32-bit integer`;
  }
  if (document.funding_total_usd !== undefined && !Number.isSafeInteger(document.funding_total_usd)) return `funding_total_usd ${document.funding_total_usd} is not a whole number`;
  return undefined;
}
