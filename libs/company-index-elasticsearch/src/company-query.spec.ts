import { buildCompanyQuery, buildCompanyQueryAmong, TEXT_FIELD_WEIGHTS } from './company-query';

function filterClauses(query: ReturnType<typeof buildCompanyQuery>): unknown[] {
  const filter = query.bool?.filter;
  return Array.isArray(filter) ? filter : filter === undefined ? [] : [filter];
}

describe('buildCompanyQuery', () => {
  it('matches every company when no filter is set', () => {
    expect(buildCompanyQuery({})).toEqual({ bool: {} });
  });

  it('filters countries, states, cities and industries by exact, case-sensitive keyword terms', () => {
    const query = buildCompanyQuery({ countries: ['Germany', 'France'], states: ['Bavaria'], cities: ['Munich'], industries: ['Software Development'] });
    expect(filterClauses(query)).toEqual([
      { terms: { country: ['Germany', 'France'] } },
      { terms: { state: ['Bavaria'] } },
      { terms: { city: ['Munich'] } },
      { terms: { industry: ['Software Development'] } },
    ]);
    expect(query.bool?.must).toBeUndefined();
  });

  it('excludes industries with must_not only, so companies without an industry stay in', () => {
    const query = buildCompanyQuery({ industries: ['Banking'], excludeIndustries: ['Software Development'] });
    expect(query.bool?.must_not).toEqual([{ terms: { industry: ['Software Development'] } }]);
    // No `exists` requirement anywhere: a missing industry is not excluded.
    expect(JSON.stringify(query)).not.toContain('exists');
    expect(filterClauses(query)).toEqual([{ terms: { industry: ['Banking'] } }]);
  });

  it('ORs NAICS codes with sector prefixes (a union), prefixes read from the stored 2-digit field', () => {
    const query = buildCompanyQuery({ naicsCodes: ['541511'], naicsPrefixes: ['31', '32', '33'] });
    expect(filterClauses(query)).toEqual([
      {
        bool: {
          should: [{ terms: { naics_code: ['541511'] } }, { terms: { naics_prefix: ['31', '32', '33'] } }],
          minimum_should_match: 1,
        },
      },
    ]);
  });

  it('filters by sector alone with one terms lookup and scans other prefix lengths with prefix queries', () => {
    expect(filterClauses(buildCompanyQuery({ naicsPrefixes: ['21'] }))).toEqual([{ terms: { naics_prefix: ['21'] } }]);
    expect(filterClauses(buildCompanyQuery({ naicsPrefixes: ['5415'] }))).toEqual([{ prefix: { naics_code: '5415' } }]);
  });

  it('filters technologies and technology categories as keyword terms', () => {
    const query = buildCompanyQuery({ technologies: ['React'], technologyCategories: ['Databases'] });
    expect(filterClauses(query)).toEqual([{ terms: { technologies: ['React'] } }, { terms: { technology_categories: ['Databases'] } }]);
  });

  it('filters the allowed employee band values', () => {
    expect(filterClauses(buildCompanyQuery({ employeeCounts: [50, 200] }))).toEqual([{ terms: { employee_count: [50, 200] } }]);
  });

  it('matches nothing when the resolved employee bands are an empty list', () => {
    expect(filterClauses(buildCompanyQuery({ employeeCounts: [] }))).toEqual([{ match_none: {} }]);
  });

  it('bounds founded_year inclusively on the sides that are given', () => {
    expect(filterClauses(buildCompanyQuery({ foundedYearMin: 2000, foundedYearMax: 2010 }))).toEqual([
      { range: { founded_year: { gte: 2000, lte: 2010 } } },
    ]);
    expect(filterClauses(buildCompanyQuery({ foundedYearMin: 2000 }))).toEqual([{ range: { founded_year: { gte: 2000 } } }]);
    expect(filterClauses(buildCompanyQuery({ foundedYearMax: 1990 }))).toEqual([{ range: { founded_year: { lte: 1990 } } }]);
  });

  it('requires any keyword phrase in the unstemmed words of name or description (OR across entries)', () => {
    const query = buildCompanyQuery({ keywords: ['cloud analytics', 'data platform'] });
    expect(filterClauses(query)).toEqual([
      {
        bool: {
          should: [
            { match_phrase: { 'name.plain': 'cloud analytics' } },
            { match_phrase: { 'description.plain': 'cloud analytics' } },
            { match_phrase: { 'name.plain': 'data platform' } },
            { match_phrase: { 'description.plain': 'data platform' } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    // Keywords narrow the match set; they do not change the ranking.
    expect(query.bool?.must).toBeUndefined();
  });

  it('removes companies whose name or description holds any excluded phrase', () => {
    const query = buildCompanyQuery({ excludeKeywords: ['staffing', 'recruitment agency'] });
    expect(query.bool?.must_not).toEqual([
      { match_phrase: { 'name.plain': 'staffing' } },
      { match_phrase: { 'description.plain': 'staffing' } },
      { match_phrase: { 'name.plain': 'recruitment agency' } },
      { match_phrase: { 'description.plain': 'recruitment agency' } },
    ]);
  });

  it('matches each connection entry within one nested connection and ANDs the entries', () => {
    const query = buildCompanyQuery({
      connections: [
        { category: 'investor', connectedDomain: 'alpine-ventures-9x1.com' },
        { connectedCompanyId: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6' },
      ],
    });
    expect(filterClauses(query)).toEqual([
      {
        nested: {
          path: 'connections',
          query: {
            bool: {
              filter: [{ term: { 'connections.category': 'investor' } }, { term: { 'connections.connected_domain': 'alpine-ventures-9x1.com' } }],
            },
          },
        },
      },
      {
        nested: {
          path: 'connections',
          query: { bool: { filter: [{ term: { 'connections.connected_company_id': '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6' } }] } },
        },
      },
    ]);
  });

  it('requires every word of a free-text query in name, description, industry or domain, each field adding its weight', () => {
    const query = buildCompanyQuery({ query: '  cloud analytics ', countries: ['Germany'] });
    expect(query.bool?.must).toEqual([{ bool: { must: [wordIn('cloud'), wordIn('analytics')] } }]);
    expect(filterClauses(query)).toEqual([{ terms: { country: ['Germany'] } }]);
  });

  it('weighs each field above all lighter ones together, so a word in the name outranks the other three fields', () => {
    const weights = TEXT_FIELD_WEIGHTS.map(({ weight }) => weight);
    expect(TEXT_FIELD_WEIGHTS.map(({ field }) => field)).toEqual(['name', 'description', 'industry.text', 'domain.text']);
    weights.forEach((weight, rank) => expect(weight).toBeGreaterThan(weights.slice(rank + 1).reduce((sum, lighter) => sum + lighter, 0)));
  });

  it('drops the stop words PostgreSQL drops, so none is required in the one field whose analyzer keeps it', () => {
    expect(buildCompanyQuery({ query: 'bank of america' }).bool?.must).toEqual([{ bool: { must: [wordIn('bank'), wordIn('america')] } }]);
    expect(buildCompanyQuery({ query: 'we build tools' }).bool?.must).toEqual([{ bool: { must: [wordIn('build'), wordIn('tools')] } }]);
  });

  it('matches nothing for a query of stop words only, as PostgreSQL does', () => {
    expect(buildCompanyQuery({ query: 'the of "and"' }).bool?.must).toEqual([{ match_none: {} }]);
  });

  it('reads OR after AND, as PostgreSQL does, not left to right', () => {
    // x or y z is x | (y & z).
    expect(buildCompanyQuery({ query: 'freight or shipping rail' }).bool?.must).toEqual([
      { bool: { should: [wordIn('freight'), { bool: { must: [wordIn('shipping'), wordIn('rail')] } }], minimum_should_match: 1 } },
    ]);
  });

  it('keeps a quoted phrase whole, stop words and all (they leave a gap), and excludes with -', () => {
    expect(buildCompanyQuery({ query: '"bank of america" -staffing' }).bool?.must).toEqual([
      { bool: { must: [wordIn('bank of america')], must_not: [wordIn('staffing')] } },
    ]);
  });

  it('matches every company without the word for a lone exclusion', () => {
    expect(buildCompanyQuery({ query: '-staffing' }).bool?.must).toEqual([{ bool: { must_not: [wordIn('staffing')] } }]);
  });

  it('reads "or" inside quotes as a word, and ignores the operator characters of other syntaxes', () => {
    expect(buildCompanyQuery({ query: '"black or white"' }).bool?.must).toEqual([wordIn('black or white')]);
    expect(buildCompanyQuery({ query: 'cloud (data) | robotics' }).bool?.must).toEqual([{ bool: { must: [wordIn('cloud'), wordIn('data'), wordIn('robotics')] } }]);
  });

  it('gives a word with synonyms any of its alternatives, each alternative with all of its words', () => {
    const ai = { bool: { should: [wordIn('ai'), { bool: { must: [wordIn('artificial'), wordIn('intelligence')] } }], minimum_should_match: 1 } };
    expect(buildCompanyQuery({ query: 'AI' }).bool?.must).toEqual([ai]);
    expect(buildCompanyQuery({ query: 'artificial intelligence' }).bool?.must).toEqual([
      { bool: { should: [{ bool: { must: [wordIn('artificial'), wordIn('intelligence')] } }, wordIn('ai')], minimum_should_match: 1 } },
    ]);
    expect(buildCompanyQuery({ query: 'dentists' }).bool?.must).toEqual([
      { bool: { should: [wordIn('dentists'), wordIn('dental'), wordIn('dentist'), wordIn('dentistry')], minimum_should_match: 1 } },
    ]);
  });

  it('keeps what has no synonyms beside them, as websearch reads it, and or-branches apart', () => {
    const crm = {
      bool: { should: [wordIn('crm'), { bool: { must: [wordIn('customer'), wordIn('relationship'), wordIn('management')] } }], minimum_should_match: 1 },
    };
    const hr = { bool: { should: [wordIn('hr'), { bool: { must: [wordIn('human'), wordIn('resources')] } }], minimum_should_match: 1 } };
    expect(buildCompanyQuery({ query: '"cloud software" crm -legacy' }).bool?.must).toEqual([
      { bool: { must: [{ bool: { must: [wordIn('cloud software')], must_not: [wordIn('legacy')] } }, crm] } },
    ]);
    expect(buildCompanyQuery({ query: 'hr or crm software' }).bool?.must).toEqual([
      { bool: { should: [hr, { bool: { must: [wordIn('software'), crm] } }], minimum_should_match: 1 } },
    ]);
  });

  it('drops alternatives and parts of stop words only, as PostgreSQL drops empty parts: it finds information technology', () => {
    expect(buildCompanyQuery({ query: 'IT outsourcing' }).bool?.must).toEqual([
      { bool: { must: [wordIn('outsourcing'), { bool: { must: [wordIn('information'), wordIn('technology')] } }] } },
    ]);
    expect(buildCompanyQuery({ query: 'the e-commerce' }).bool?.must).toEqual([
      { bool: { should: [{ bool: { must: [wordIn('e'), wordIn('commerce')] } }, wordIn('ecommerce')], minimum_should_match: 1 } },
    ]);
  });

  it('treats a blank query as no query', () => {
    expect(buildCompanyQuery({ query: '   ' })).toEqual({ bool: {} });
  });

  it('cuts keyword phrases into words as the PostgreSQL back-end does, apostrophes and dots included', () => {
    const query = buildCompanyQuery({ keywords: ["O'Reilly", 'Node.js', 'A.Ş.'] });
    expect(filterClauses(query)).toEqual([
      {
        bool: {
          should: [
            { match_phrase: { 'name.plain': 'o reilly' } },
            { match_phrase: { 'description.plain': 'o reilly' } },
            { match_phrase: { 'name.plain': 'node js' } },
            { match_phrase: { 'description.plain': 'node js' } },
            { match_phrase: { 'name.plain': 'a ş' } },
            { match_phrase: { 'description.plain': 'a ş' } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
  });

  it('matches nothing for keyword phrases without a word, and excludes nothing for such exclusions', () => {
    expect(filterClauses(buildCompanyQuery({ keywords: ['++', '--'] }))).toEqual([{ match_none: {} }]);
    expect(buildCompanyQuery({ excludeKeywords: ['++'] })).toEqual({ bool: {} });
  });
});

/** One value of a free-text query: its words in any of the four fields, each adding its weight. */
function wordIn(text: string) {
  return {
    bool: {
      should: [
        { constant_score: { filter: { match_phrase: { name: text } }, boost: 8 } },
        { constant_score: { filter: { match_phrase: { description: text } }, boost: 4 } },
        { constant_score: { filter: { match_phrase: { 'industry.text': text } }, boost: 2 } },
        { constant_score: { filter: { match_phrase: { 'domain.text': text } }, boost: 1 } },
      ],
      minimum_should_match: 1,
    },
  };
}

describe('buildCompanyQueryAmong', () => {
  it('adds a terms filter on the company ids and keeps every other clause', () => {
    const query = buildCompanyQueryAmong({ query: 'shipping', countries: ['Norway'], excludeIndustries: ['Banking'] }, ['a', 'b']);
    expect(filterClauses(query)).toEqual([{ terms: { country: ['Norway'] } }, { terms: { id: ['a', 'b'] } }]);
    expect(query.bool?.must).toHaveLength(1);
    expect(query.bool?.must_not).toEqual([{ terms: { industry: ['Banking'] } }]);
  });

  it('restricts an unfiltered match set to the ids', () => {
    expect(buildCompanyQueryAmong({}, ['a'])).toEqual({ bool: { filter: [{ terms: { id: ['a'] } }] } });
  });
});
