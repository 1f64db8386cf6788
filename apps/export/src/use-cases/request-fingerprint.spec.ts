import { requestFingerprint } from './request-fingerprint';

describe('requestFingerprint', () => {
  it('is the same for the same body whatever the key order, at every depth', () => {
    expect(requestFingerprint({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(requestFingerprint({ b: { d: 'x', c: [1, 2] }, a: 1 }));
  });

  it('ignores absent (undefined) fields and differs for any other change', () => {
    const base = requestFingerprint({ name: 'n', search_filters: { countries: ['Germany'] } });
    expect(requestFingerprint({ name: 'n', search_filters: { countries: ['Germany'] }, list_id: undefined })).toBe(base);
    expect(requestFingerprint({ name: 'n', search_filters: { countries: ['France'] } })).not.toBe(base);
    expect(requestFingerprint({ name: 'n', search_filters: { countries: ['Germany', 'France'] } })).not.toBe(base);
    expect(requestFingerprint({ name: 'm', search_filters: { countries: ['Germany'] } })).not.toBe(base);
  });

  it('keeps the order of arrays (a different order is a different export)', () => {
    expect(requestFingerprint({ ids: ['a', 'b'] })).not.toBe(requestFingerprint({ ids: ['b', 'a'] }));
  });
});
