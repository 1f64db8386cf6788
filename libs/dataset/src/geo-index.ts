import { City, Country, State } from 'country-state-city';
import { COUNTRY_PROFILES, type CountryProfile } from './data/countries';
import { WeightedTable } from './weighted-table';

/** A real city with the real state it lies in, as named by `country-state-city`. */
export interface Place {
  readonly city: string;
  readonly state: string;
  readonly stateCode: string;
}

export interface CountryGeo {
  readonly profile: CountryProfile;
  /** English short name: "United States", "Germany". */
  readonly name: string;
  /** ISO 3166-1 alpha-2. */
  readonly code: string;
  readonly places: readonly Place[];
  readonly hubs: WeightedTable<Place> | null;
}

export interface GeoIndex {
  readonly countries: WeightedTable<CountryGeo>;
  readonly byCode: ReadonlyMap<string, CountryGeo>;
}

function resolveHubs(profile: CountryProfile, places: readonly Place[]): WeightedTable<Place> | null {
  if (profile.hubs.length === 0) return null;
  const entries = profile.hubs.map(([city, stateCode], rank): [Place, number] => {
    const place = places.find((candidate) => candidate.city === city && (stateCode === undefined || candidate.stateCode === stateCode));
    if (!place) throw new Error(`hub city ${city}${stateCode ? ` (${stateCode})` : ''} not found in ${profile.code}`);
    // Bigger hubs come first; a gentle decline keeps the second city well represented.
    return [place, 1 / Math.sqrt(rank + 1)];
  });
  return new WeightedTable(entries);
}

function buildIndex(): GeoIndex {
  const wanted = new Map(COUNTRY_PROFILES.map((profile) => [profile.code, profile]));
  const stateNames = new Map<string, string>();
  for (const state of State.getAllStates()) {
    if (wanted.has(state.countryCode)) stateNames.set(`${state.countryCode}:${state.isoCode}`, state.name);
  }
  const placesByCountry = new Map<string, Place[]>();
  // One pass over the city list, once per process: records only point into these arrays.
  for (const city of City.getAllCities()) {
    if (!wanted.has(city.countryCode)) continue;
    const state = stateNames.get(`${city.countryCode}:${city.stateCode}`);
    if (state === undefined) continue;
    let list = placesByCountry.get(city.countryCode);
    if (!list) placesByCountry.set(city.countryCode, (list = []));
    list.push({ city: city.name, state, stateCode: city.stateCode });
  }
  const geos = COUNTRY_PROFILES.map((profile): CountryGeo => {
    const country = Country.getCountryByCode(profile.code);
    if (!country) throw new Error(`unknown country code ${profile.code}`);
    const places = placesByCountry.get(profile.code) ?? [];
    if (places.length === 0) throw new Error(`no cities known for ${profile.code}`);
    return { profile, name: country.name, code: profile.code, places, hubs: resolveHubs(profile, places) };
  });
  return {
    countries: new WeightedTable(geos.map((geo) => [geo, geo.profile.weight] as const)),
    byCode: new Map(geos.map((geo) => [geo.code, geo])),
  };
}

let index: GeoIndex | undefined;

/** The country and city index, built on first use and shared by every generator. */
export function geoIndex(): GeoIndex {
  index ??= buildIndex();
  return index;
}
