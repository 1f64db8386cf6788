import { generateApiToken, hashApiToken, hashesMatch, looksLikeApiToken } from './api-token';

describe('API tokens', () => {
  it('generates rdr_ tokens of 256 random bits that look like tokens and differ every time', () => {
    const [first, second] = [generateApiToken(), generateApiToken()];
    expect(first).toMatch(/^rdr_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeApiToken(first)).toBe(true);
    expect(first).not.toBe(second);
  });

  it.each(['', 'rdr_short', 'Bearer rdr_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'xyz_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'])(
    'does not take %p for a token',
    (candidate) => {
      expect(looksLikeApiToken(candidate)).toBe(false);
    },
  );

  it('matches a hash only against the same hash, and never one of another length', () => {
    const hash = hashApiToken('rdr_one');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashesMatch(hash, hashApiToken('rdr_one'))).toBe(true);
    expect(hashesMatch(hash, hashApiToken('rdr_two'))).toBe(false);
    expect(hashesMatch(hash, hash.slice(0, 62))).toBe(false);
  });
});
