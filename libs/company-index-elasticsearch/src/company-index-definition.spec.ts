import type { estypes } from '@elastic/elasticsearch';
import { toCompanyDocument } from './company-document';
import { KEYWORD_IGNORE_ABOVE } from './indexable-company';
import {
  COMPANY_ANALYSIS,
  COMPANY_MAPPINGS,
  companyIndexSettings,
  DOMAIN_ANALYZER,
  ENGLISH_ANALYZER,
  feedingIndexSettings,
  KEYWORD_WORDS_ANALYZER,
  MAPPING_VERSION,
  NAME_SORT_NORMALIZER,
  STEMMER_FILTER,
  STOP_FILTER,
  steadyStateSettings,
} from './company-index-definition';
import { POSTGRES_ENGLISH_STOP_WORDS } from './postgres-stop-words';
import { anIndexedCompany } from '@radar/company-index/testing';

const properties = COMPANY_MAPPINGS.properties ?? {};
const typeOf = (field: string): string | undefined => (properties[field] as { type?: string } | undefined)?.type;

describe('company index mapping', () => {
  it('maps every field a stored company can carry (a strict mapping rejects any other)', () => {
    const document = toCompanyDocument(anIndexedCompany(), ['analyt', 'cloud']);
    expect(COMPANY_MAPPINGS.dynamic).toBe('strict');
    expect(Object.keys(document).sort()).toEqual(Object.keys(properties).sort());
  });

  it.each(['id', 'country', 'state', 'city', 'industry', 'technologies', 'technology_categories', 'naics_code', 'naics_prefix', 'domain'])(
    'keeps %s as an exact, case-sensitive keyword',
    (field) => {
      expect(typeOf(field)).toBe('keyword');
      expect((properties[field] as { normalizer?: string }).normalizer).toBeUndefined();
    },
  );

  it('analyses name and description as English text, with their words beside, unstemmed, for keyword phrases', () => {
    for (const field of ['name', 'description']) {
      expect(properties[field]).toEqual({ type: 'text', analyzer: ENGLISH_ANALYZER, fields: { plain: { type: 'text', analyzer: KEYWORD_WORDS_ANALYZER } } });
    }
  });

  it('gives industry an English text sub-field and domain one split into its labels', () => {
    expect(properties.industry).toEqual({
      type: 'keyword',
      ignore_above: KEYWORD_IGNORE_ABOVE,
      eager_global_ordinals: true,
      fields: { text: { type: 'text', analyzer: ENGLISH_ANALYZER } },
    });
    expect(properties.domain).toEqual({ type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE, fields: { text: { type: 'text', analyzer: DOMAIN_ANALYZER, search_analyzer: ENGLISH_ANALYZER } } });
    const analyzer = COMPANY_ANALYSIS.analyzer?.[DOMAIN_ANALYZER] as { tokenizer: string; filter: string[] };
    expect(analyzer.filter).toEqual(['lowercase', STOP_FILTER]);
    expect(COMPANY_ANALYSIS.tokenizer?.[analyzer.tokenizer]).toEqual({ type: 'char_group', tokenize_on_chars: ['whitespace', '.', '-'] });
  });

  it('drops PostgreSQL\'s English stop words in every field the free-text query reads, and stems as its Snowball stemmer does', () => {
    expect(COMPANY_ANALYSIS.filter?.[STOP_FILTER]).toEqual({ type: 'stop', stopwords: POSTGRES_ENGLISH_STOP_WORDS });
    expect(COMPANY_ANALYSIS.filter?.[STEMMER_FILTER]).toEqual({ type: 'stemmer', language: 'porter2' });
    const english = COMPANY_ANALYSIS.analyzer?.[ENGLISH_ANALYZER] as { filter: string[]; char_filter: string[] };
    expect(english.filter).toEqual(['lowercase', STOP_FILTER, STEMMER_FILTER]);
    // o'reilly is o and reilly, as PostgreSQL's parser reads it.
    expect(COMPANY_ANALYSIS.char_filter?.[english.char_filter[0] as string]).toEqual({ type: 'mapping', mappings: ["'=>\\u0020", '’=>\\u0020'] });
  });

  it('cuts keyword phrase fields into runs of letters and digits, as keyword-like.ts cuts phrases', () => {
    const analyzer = COMPANY_ANALYSIS.analyzer?.[KEYWORD_WORDS_ANALYZER] as { tokenizer: string; filter: string[] };
    expect(analyzer.filter).toEqual(['lowercase']);
    expect(COMPANY_ANALYSIS.tokenizer?.[analyzer.tokenizer]).toEqual({ type: 'pattern', pattern: '[^\\p{L}\\p{N}]+' });
  });

  it('records the mapping version it was built with', () => {
    expect(COMPANY_MAPPINGS._meta).toEqual({ mapping_version: MAPPING_VERSION });
  });

  it('sorts names on a lowercase-normalised keyword defined in the index settings', () => {
    expect(properties.name_sort).toEqual({ type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE, normalizer: NAME_SORT_NORMALIZER });
    const settings = companyIndexSettings({ shards: 1, replicas: 0, refreshInterval: '1s' });
    expect(settings.analysis?.normalizer?.[NAME_SORT_NORMALIZER]).toEqual({ type: 'custom', filter: ['lowercase'] });
  });

  it('prepares the keyword facets for counting at refresh time', () => {
    for (const field of ['industry', 'country', 'technologies']) {
      expect((properties[field] as { eager_global_ordinals?: boolean }).eager_global_ordinals).toBe(true);
    }
  });

  it('stores the numbers that are filtered and sorted as integers', () => {
    for (const field of ['employee_count', 'founded_year', 'data_quality_score']) expect(typeOf(field)).toBe('integer');
  });

  it('nests connections so the fields of one entry match the same connection', () => {
    const connections = properties.connections as estypes.MappingNestedProperty;
    expect(connections.type).toBe('nested');
    expect(connections.properties).toEqual({
      category: { type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE },
      connected_company_id: { type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE },
      connected_domain: { type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE },
    });
  });
});

describe('company index settings', () => {
  it('takes shards, replicas and the refresh interval from the layout', () => {
    expect(companyIndexSettings({ shards: 6, replicas: 1, refreshInterval: '30s' })).toMatchObject({
      number_of_shards: 6,
      number_of_replicas: 1,
      refresh_interval: '30s',
    });
  });

  it('creates an index to feed with the layout\'s shards but no replica and no refresh, and restores the layout after the feed', () => {
    expect(feedingIndexSettings({ shards: 6, replicas: 2, refreshInterval: '5s' })).toMatchObject({ number_of_shards: 6, number_of_replicas: 0, refresh_interval: '-1' });
    expect(steadyStateSettings({ shards: 6, replicas: 2, refreshInterval: '5s' })).toEqual({ refresh_interval: '5s', number_of_replicas: 2 });
  });
});
