import { bySimilarity, jaccard, naicsSectorOf, seedScore, sharedWithSeeds, similarityTo, type SimilarityProfile } from './similarity-rule';

const seed: SimilarityProfile<string> = {
  industry: 'Software Development',
  naicsSector: '51',
  terms: ['freight', 'carrier', 'rout'],
  technologies: ['React', 'PostgreSQL'],
  employeeBand: '200',
  country: 'Germany',
};

describe('the similarity rule', () => {
  it('weighs industry 0.30, sector 0.10, terms 0.25, technologies 0.20, band 0.10, country 0.05', () => {
    expect(seedScore(seed, seed)).toBeCloseTo(1, 12);
    expect(seedScore({ ...seed, terms: ['freight'], technologies: ['React', 'Vue'] }, seed)).toBeCloseTo(0.3 + 0.1 + 0.25 / 3 + 0.2 / 3 + 0.1 + 0.05, 12);
  });

  it('lets no missing value equal another, and gives two empty sets 0', () => {
    const empty: SimilarityProfile<string> = { industry: null, naicsSector: null, terms: [], technologies: [], employeeBand: null, country: null };
    expect(seedScore(empty, empty)).toBe(0);
    expect(jaccard([], [])).toBe(0);
  });

  it('takes the mean over the seeds, four decimals', () => {
    const other = { ...seed, industry: 'Retail', naicsSector: '44-45', terms: [], technologies: [], employeeBand: null, country: null };
    expect(similarityTo(seed, [seed, other])).toBe(0.5);
    expect(similarityTo({ ...seed, terms: ['freight'] }, [seed])).toBe(0.8333);
  });

  it('says what the company shares with any seed', () => {
    const company = { ...seed, industry: 'Retail', technologies: ['Vue', 'React'], terms: ['rout', 'parcel'], employeeBand: '50' };
    expect(sharedWithSeeds(company, [seed])).toEqual({ industry: null, country: 'Germany', employeeBand: false, technologies: ['React'], terms: ['rout'] });
  });

  it('orders by similarity descending, ties by company id', () => {
    const rows = [{ similarity: 0.5, companyId: 'b' }, { similarity: 0.7, companyId: 'c' }, { similarity: 0.5, companyId: 'a' }];
    expect(rows.sort(bySimilarity).map((row) => row.companyId)).toEqual(['c', 'a', 'b']);
  });

  it('reads the NAICS sector of a code, multi-prefix sectors as one', () => {
    expect(naicsSectorOf('336111')).toBe('31-33');
    expect(naicsSectorOf('311111')).toBe('31-33');
    expect(naicsSectorOf('541511')).toBe('54');
    expect(naicsSectorOf(null)).toBeNull();
  });
});
