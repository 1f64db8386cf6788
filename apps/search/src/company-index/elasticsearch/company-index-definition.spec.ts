import type { estypes } from '@elastic/elasticsearch';
import { toCompanyDocument } from './company-document';
import {
  BULK_LOAD_SETTINGS,
  COMPANY_MAPPINGS,
  companyIndexSettings,
  DOMAIN_ANALYZER,
  NAME_SORT_NORMALIZER,
  steadyStateSettings,
} from './company-index-definition';
import { anIndexedCompany } from '../testing/indexed-company';

const properties = COMPANY_MAPPINGS.properties ?? {};
const typeOf = (field: string): string | undefined => (properties[field] as { type?: string } | undefined)?.type;

describe('company index mapping', () => {
  it('maps every field a stored company can carry (a strict mapping rejects any other)', () => {
    const document = toCompanyDocument(anIndexedCompany());
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

  it('analyses name and description as English text, with unstemmed words beside for keyword phrases', () => {
    for (const field of ['name', 'description']) {
      expect(properties[field]).toEqual({ type: 'text', analyzer: 'english', fields: { plain: { type: 'text', analyzer: 'standard' } } });
    }
  });

  it('gives industry an English text sub-field and domain one split into its labels', () => {
    expect(properties.industry).toEqual({
      type: 'keyword',
      eager_global_ordinals: true,
      fields: { text: { type: 'text', analyzer: 'english' } },
    });
    expect(properties.domain).toEqual({ type: 'keyword', fields: { text: { type: 'text', analyzer: DOMAIN_ANALYZER } } });
    const analysis = companyIndexSettings({ shards: 1, replicas: 0, refreshInterval: '1s' }).analysis;
    const analyzer = analysis?.analyzer?.[DOMAIN_ANALYZER] as { tokenizer: string; filter: string[] };
    expect(analyzer.filter).toEqual(['lowercase']);
    expect(analysis?.tokenizer?.[analyzer.tokenizer]).toEqual({ type: 'char_group', tokenize_on_chars: ['whitespace', '.', '-'] });
  });

  it('sorts names on a lowercase-normalised keyword defined in the index settings', () => {
    expect(properties.name_sort).toEqual({ type: 'keyword', normalizer: NAME_SORT_NORMALIZER });
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
      category: { type: 'keyword' },
      connected_company_id: { type: 'keyword' },
      connected_domain: { type: 'keyword' },
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

  it('turns refresh and replicas off for a bulk load and restores the layout after it', () => {
    expect(BULK_LOAD_SETTINGS).toEqual({ refresh_interval: '-1', number_of_replicas: 0 });
    expect(steadyStateSettings({ shards: 6, replicas: 2, refreshInterval: '5s' })).toEqual({ refresh_interval: '5s', number_of_replicas: 2 });
  });
});
