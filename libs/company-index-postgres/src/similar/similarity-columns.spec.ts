import { randomUUID } from 'node:crypto';
import { SimilarityColumns } from './similarity-columns';

describe('SimilarityColumns', () => {
  const rows = [
    ['Software', '541511', 10, 'Germany', ['aws'], ['cloud', 'data']],
    ['Retail', '445110', 50, 'France', [], ['food']],
    ['Software', '541511', 10, 'Germany', ['aws', 'react'], ['cloud']],
    [null, null, null, null, [], []],
    ['Retail', '445110', 50, 'France', ['sap'], ['food', 'store']],
    ['Software', '541511', 10, 'Germany', [], ['data']],
  ] as const;
  const ids = rows.map(() => randomUUID()).sort();
  const columns = new SimilarityColumns('1', rows.length);
  rows.forEach(([industry, naics, employees, country, technologies, terms], i) =>
    columns.append([ids[i] as string, industry, naics, employees, country, [...technologies], [...terms]]),
  );

  it('lays companies out by group once complete, in id order within a group, and translates slots and ordinals both ways', () => {
    const groups = columns.profileGroups;
    expect(groups.count).toBe(3);
    const members = Array.from({ length: groups.count }, (_, group) =>
      Array.from({ length: (groups.start[group + 1] ?? 0) - (groups.start[group] ?? 0) }, (_, at) => columns.ordinalAt[(groups.start[group] ?? 0) + at]),
    );
    expect(members).toEqual([[0, 2, 5], [1, 4], [3]]);
    for (let ordinal = 0; ordinal < rows.length; ordinal += 1) expect(columns.ordinalAt[columns.slotOf[ordinal] ?? 0]).toBe(ordinal);
  });

  it('reads every company back from its slot as it was appended', () => {
    rows.forEach(([industry, , employees, country, technologies, terms], ordinal) => {
      const profile = columns.profileOf(columns.slotOf[ordinal] ?? 0);
      const valueOf = (codes: { valueOf(code: number): string }, code: number | null) => (code === null ? null : codes.valueOf(code));
      expect(valueOf(columns.industries, profile.industry)).toBe(industry);
      expect(valueOf(columns.bands, profile.employeeBand)).toBe(employees === null ? null : String(employees));
      expect(valueOf(columns.countries, profile.country)).toBe(country);
      expect(profile.technologies.map((code) => columns.technologies.valueOf(code))).toEqual(technologies);
      expect(profile.terms.map((code) => columns.terms.valueOf(code))).toEqual(terms);
      expect(columns.idOf(ordinal)).toBe(ids[ordinal]);
    });
  });

  it('lists the companies of each term by slot', () => {
    const postings = columns.termPostings;
    const code = columns.terms.values.indexOf('food') + 1;
    const slots = [...postings.slots.subarray(postings.start[code], postings.start[code + 1])];
    expect(slots.map((slot) => columns.ordinalAt[slot])).toEqual([1, 4]);
  });
});
