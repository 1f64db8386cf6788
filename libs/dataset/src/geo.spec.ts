import { City, Country, State } from 'country-state-city';
import { generateCompanies } from './company';
import { COUNTRY_PROFILES } from './data/countries';
import { geoIndex } from './geo-index';

describe('company locations', () => {
  const companies = [...generateCompanies({ seed: 101, count: 40_000 })];

  it('names real countries by their English short name and ISO alpha-2 code', () => {
    const wrong = companies.filter((c) => c.country_code !== null && Country.getCountryByCode(c.country_code)?.name !== c.country);
    expect(wrong).toEqual([]);
  });

  it('puts every state and city in the country the record names', () => {
    const cityKeys = new Set(City.getAllCities().map((city) => `${city.countryCode}|${city.stateCode}|${city.name}`));
    const stateCodes = new Map<string, string[]>();
    for (const state of State.getAllStates()) {
      const key = `${state.countryCode}|${state.name}`;
      stateCodes.set(key, [...(stateCodes.get(key) ?? []), state.isoCode]);
    }
    const wrong = companies.filter((c) => {
      if (c.state === null || c.country_code === null) return false;
      const codes = stateCodes.get(`${c.country_code}|${c.state}`);
      if (codes === undefined) return true;
      return c.city !== null && !codes.some((code) => cityKeys.has(`${c.country_code}|${code}|${c.city}`));
    });
    expect(wrong).toEqual([]);
  });

  it('skews the country mix towards the US, then the UK, India, Germany, France and Canada', () => {
    const counts = new Map<string, number>();
    for (const company of companies) if (company.country_code) counts.set(company.country_code, (counts.get(company.country_code) ?? 0) + 1);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([code]) => code);
    expect(ranked[0]).toBe('US');
    expect(new Set(ranked.slice(0, 6))).toEqual(new Set(['US', 'GB', 'IN', 'DE', 'FR', 'CA']));
    const located = [...counts.values()].reduce((sum, n) => sum + n, 0);
    expect((counts.get('US') ?? 0) / located).toBeGreaterThan(0.3);
    expect((counts.get('US') ?? 0) / located).toBeLessThan(0.45);
    expect(counts.size).toBe(COUNTRY_PROFILES.length);
  });

  it('places most companies of a country in its business centres', () => {
    const us = companies.filter((c) => c.country_code === 'US' && c.city !== null);
    const nyc = us.filter((c) => c.city === 'New York City').length / us.length;
    expect(nyc).toBeGreaterThan(0.03);
    expect(new Set(us.map((c) => c.city)).size).toBeGreaterThan(500);
  });

  it('resolves every configured hub to a real city of its country', () => {
    const index = geoIndex();
    for (const profile of COUNTRY_PROFILES) {
      const geo = index.byCode.get(profile.code);
      expect(geo?.places.length).toBeGreaterThan(0);
      expect(geo?.hubs?.items.length ?? 0).toBe(profile.hubs.length);
    }
  });
});
