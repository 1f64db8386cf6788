import { anIndexedCompany } from '@radar/company-index/testing';
import { toCompanyDocument } from '../src/company-document';
import { COMPANY_MAPPINGS, companyIndexSettings } from '../src/company-index-definition';
import { countAnswer, FakeUnsupported, searchAnswer, type SearchedIndex } from './fake-search';

/**
 * The fake cluster's searches hold to what Elasticsearch documents for the query shapes the
 * adapter relies on: the adapter's own tests are only as good as this double.
 */
const companies = [
  anIndexedCompany({ id: 'a', name: 'Émile Freight', country: 'France', technologies: ['React', 'Vue'], employeeCount: 50 }),
  anIndexedCompany({ id: 'b', name: 'zeta Freight', country: 'Germany', technologies: ['React'], employeeCount: null }),
  anIndexedCompany({ id: 'c', name: 'Acme Rail', country: 'Germany', technologies: ['Go'], employeeCount: 200 }),
  anIndexedCompany({ id: 'd', name: 'Acme Ports', country: null, technologies: ['React', 'Go'], employeeCount: 10 }),
];

const index: SearchedIndex = {
  name: 'companies-initial',
  mappings: COMPANY_MAPPINGS as Record<string, unknown>,
  settings: companyIndexSettings({ shards: 1, replicas: 0, refreshInterval: '1s' }) as Record<string, unknown>,
  documents: new Map(companies.map((company) => [company.id, toCompanyDocument(company, [])])),
};

type Answer = { hits: { hits: { _id: string; sort?: unknown[] }[]; total?: unknown }; aggregations?: Record<string, unknown> };
const search = (body: Record<string, unknown>): Answer => searchAnswer([index], body) as Answer;
const ids = (body: Record<string, unknown>): string[] => search({ sort: [{ id: { order: 'asc' } }], ...body }).hits.hits.map((hit) => hit._id);

describe('the fake cluster\'s searches', () => {
  it('makes should clauses optional beside a filter, except in filter context, and caps minimum_should_match at their number', () => {
    const should = [{ term: { country: 'France' } }];
    expect(ids({ query: { bool: { filter: [{ terms: { technologies: ['React'] } }], should } } })).toEqual(['a', 'b', 'd']);
    expect(ids({ query: { bool: { filter: [{ bool: { filter: [{ terms: { technologies: ['React'] } }], should } }] } } })).toEqual(['a']);
    expect(ids({ query: { bool: { should, minimum_should_match: 3 } } })).toEqual(['a']);
    expect(ids({ query: { bool: { should: [...should, { term: { country: 'Germany' } }], minimum_should_match: '50%' } } })).toEqual(['a', 'b', 'c']);
  });

  it('sums the boosts of the constant_score clauses a company matches, and leaves out those under min_score', () => {
    const query = {
      bool: {
        should: [
          { constant_score: { filter: { term: { technologies: 'React' } }, boost: 0.5 } },
          { constant_score: { filter: { term: { technologies: 'Go' } }, boost: 0.25 } },
        ],
        minimum_should_match: 1,
      },
    };
    const answer = search({ query, sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }], min_score: 0.3 });
    expect(answer.hits.hits.map((hit) => [hit._id, hit.sort?.[0]])).toEqual([
      ['d', 0.75],
      ['a', 0.5],
      ['b', 0.5],
    ]);
  });

  it('sorts keywords by their UTF-8 bytes after the normalizer, missing values last in both directions, and pages with search_after', () => {
    expect(ids({ sort: [{ name_sort: { order: 'asc' } }, { id: { order: 'asc' } }] })).toEqual(['d', 'c', 'b', 'a']);
    const byCount = (order: string) => ids({ sort: [{ employee_count: { order, missing: '_last' } }, { id: { order: 'asc' } }] });
    expect(byCount('asc')).toEqual(['d', 'a', 'c', 'b']);
    expect(byCount('desc')).toEqual(['c', 'a', 'd', 'b']);
    expect(ids({ sort: [{ name_sort: { order: 'asc' } }, { id: { order: 'asc' } }], search_after: ['acme ports', 'd'] })).toEqual(['c', 'b', 'a']);
  });

  it('counts terms aggregations by count, then key, within size, and only the values included', () => {
    const terms = { terms: { field: 'technologies', size: 2, order: [{ _count: 'desc' }, { _key: 'asc' }] } };
    expect(search({ size: 0, aggs: { technologies: terms } }).aggregations?.technologies).toEqual({
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 1,
      buckets: [
        { key: 'React', doc_count: 3 },
        { key: 'Go', doc_count: 2 },
      ],
    });
    const included = search({ size: 0, aggs: { countries: { terms: { field: 'country', size: 5, include: ['Germany', 'Atlantis'] } } } });
    expect(included.aggregations?.countries).toMatchObject({ buckets: [{ key: 'Germany', doc_count: 2 }] });
  });

  it('matches phrases of the words a pattern analyzer cuts, on name.plain', () => {
    expect(ids({ query: { match_phrase: { 'name.plain': 'ÉMILE freight' } } })).toEqual(['a']);
    expect(ids({ query: { match_phrase: { 'name.plain': 'freight emile' } } })).toEqual([]);
  });

  it('selects more_like_this terms by frequency in the liked documents and in the index, and leaves the liked ones out', () => {
    const like = (options: Record<string, unknown>) => ({ more_like_this: { fields: ['technologies'], like: [{ _id: 'd' }], ...options } });
    // React and Go are each once in d and in two or more companies: with the defaults (min_term_freq 2) nothing is selected.
    expect(ids({ query: like({}) })).toEqual([]);
    expect(ids({ query: like({ min_term_freq: 1, min_doc_freq: 1, minimum_should_match: '1' }) })).toEqual(['a', 'b', 'c']);
    expect(ids({ query: like({ min_term_freq: 1, min_doc_freq: 1, minimum_should_match: '1', include: true }) })).toEqual(['a', 'b', 'c', 'd']);
    // The rarer term ranks first: with one query term, only Go is asked for.
    expect(ids({ query: like({ min_term_freq: 1, min_doc_freq: 1, max_query_terms: 1 }) })).toEqual(['c']);
  });

  it('counts with a query', () => {
    expect(countAnswer([index], { query: { terms: { country: ['Germany'] } } })).toMatchObject({ count: 2 });
  });

  it('refuses what it cannot read: text analysed for the free-text query, queries it does not know', () => {
    expect(() => search({ query: { match_phrase: { name: 'freight' } } })).toThrow(FakeUnsupported);
    expect(() => search({ query: { fuzzy: { name: 'freight' } } })).toThrow(FakeUnsupported);
  });
});
