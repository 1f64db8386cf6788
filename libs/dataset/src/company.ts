import { drawCompanyName } from './company-name';
import { INDUSTRIES, type IndustryDefinition } from './data/industries';
import { INDUSTRY_GROUPS, type IndustryGroup } from './data/industry-groups';
import { naicsSectorOf, type NaicsSector } from './data/naics-2022';
import { formatDay } from './dates';
import { drawDescription } from './description';
import { EMPLOYEE_BAND_TABLE, EMPLOYEE_RANGES, bandRank, type EmployeeBand } from './employee-bands';
import {
  drawFoundedYear, drawFundingStage, drawFundingTotal, drawLastFundingDay, fundedChance, type FundingStage,
} from './funding';
import { geoIndex, type CountryGeo, type Place } from './geo-index';
import { IdKind, indexCode, indexFromCode, indexFromRecordId, recordId, MAX_INDEX } from './ids';
import { Rng, seedKey, Stream, type DatasetSeed, type SeedKey } from './prng';
import { drawOtherDomains } from './other-domains';
import { drawTechnologyStack } from './technology-stack';
import { WeightedTable } from './weighted-table';

/**
 * One company of the synthetic dataset. Field names follow the public API (snake_case);
 * a field the data does not have is null (technologies: an empty list).
 */
export interface Company {
  /** Position in the id space, 0-based; the record depends only on (seed, index). */
  readonly index: number;
  readonly company_id: string;
  readonly name: string;
  /** Unique across the id space: the label ends in a code of the index. */
  readonly domain: string;
  /** Other domains the company is known by (country domains, former domains, hosted stores); unique like `domain`. */
  readonly other_domains: readonly string[];
  /** LinkedIn industry label. */
  readonly industry: string | null;
  /** NAICS 2022 six-digit code, one of the industry's codes. */
  readonly naics_code: string | null;
  readonly naics_sector: NaicsSector | null;
  readonly description: string | null;
  readonly employee_count: EmployeeBand | null;
  readonly employee_range: string | null;
  /** English short name, as search results show it. */
  readonly country: string | null;
  /** ISO 3166-1 alpha-2, as the company detail shows it. */
  readonly country_code: string | null;
  readonly state: string | null;
  readonly city: string | null;
  readonly technologies: readonly string[];
  /** Distinct categories of `technologies`. */
  readonly technology_categories: readonly string[];
  readonly founded_year: number | null;
  readonly profile_url: string | null;
  readonly funding_stage: FundingStage | null;
  readonly funding_total_usd: number | null;
  /** YYYY-MM-DD. */
  readonly last_funding_date: string | null;
}

/** The parts of a company other records refer to; cheap to draw without the rest. */
export interface CompanyIdentity {
  readonly index: number;
  readonly company_id: string;
  readonly name: string;
  readonly domain: string;
}

/**
 * How often each field is filled. Conditional rates apply only where their condition
 * holds (a city only where there is a country, funding details only for funded companies).
 */
export const FIELD_PRESENCE = {
  industry: 0.95,
  naicsGivenIndustry: 0.97,
  employee_count: 0.93,
  country: 0.97,
  cityGivenCountry: 0.9,
  stateGivenNoCity: 0.5,
  description: 0.88,
  technologies: 0.85,
  founded_year: 0.87,
  profile_url: 0.82,
  fundingTotalGivenStage: 0.92,
  lastFundingDateGivenStage: 0.9,
} as const;

const INDUSTRY_TABLE = new WeightedTable(INDUSTRIES.map((industry) => [industry, industry.weight] as const));

const SMALL_QUALIFIERS = ['small', 'independent', 'boutique', 'young', 'family-owned'] as const;
const MID_QUALIFIERS = ['growing', 'fast-growing', 'regional', ''] as const;
const LARGE_QUALIFIERS = ['global', 'leading', 'established', 'international'] as const;
const INVESTED_STAGES: ReadonlySet<FundingStage> = new Set(['pre_seed', 'seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e']);

interface Core {
  readonly identity: CompanyIdentity;
  readonly slug: string;
  readonly geo: CountryGeo;
  readonly industry: IndustryDefinition;
  readonly group: IndustryGroup;
  /** Continues where the identity left off; the rest of the record is drawn from it. */
  readonly rng: Rng;
}

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index > MAX_INDEX) throw new RangeError(`company index out of range: ${index}`);
}

function drawCore(key: SeedKey, index: number): Core {
  const rng = new Rng(key, Stream.company, index);
  const geo = geoIndex().countries.draw(rng);
  const industry = INDUSTRY_TABLE.draw(rng);
  const group: IndustryGroup = INDUSTRY_GROUPS[industry.group];
  const { name, slug } = drawCompanyName(rng, geo.profile, group);
  const code = indexCode(key, index).toString(36);
  const tld = rng.pick(geo.profile.tlds);
  const identity: CompanyIdentity = {
    index,
    company_id: recordId(key, index, IdKind.company),
    name,
    domain: `${slug}-${code}${tld}`,
  };
  return { identity, slug: `${slug}-${code}`, geo, industry, group, rng };
}

function qualifierFor(rng: Rng, band: EmployeeBand | null, stage: FundingStage | null): string {
  if (stage !== null && INVESTED_STAGES.has(stage) && rng.chance(0.5)) return 'venture-backed';
  if (band === null) return rng.pick(MID_QUALIFIERS);
  const rank = bandRank(band);
  if (rank <= 1) return rng.pick(SMALL_QUALIFIERS);
  if (rank >= 5) return rng.pick(LARGE_QUALIFIERS);
  return rng.pick(MID_QUALIFIERS);
}

function placeLabel(geo: CountryGeo, place: Place): string {
  // "Austin, Texas" reads naturally for federal countries, "Lyon, France" elsewhere.
  return geo.code === 'US' || geo.code === 'CA' || geo.code === 'AU' || geo.code === 'IN' ? `${place.city}, ${place.state}` : `${place.city}, ${geo.name}`;
}

function buildCompany(key: SeedKey, index: number): Company {
  const { identity, slug, geo, industry, group, rng } = drawCore(key, index);
  const band = EMPLOYEE_BAND_TABLE.draw(rng);
  const place = geo.hubs !== null && rng.chance(geo.profile.hubShare) ? geo.hubs.draw(rng) : rng.pick(geo.places);
  const stage = rng.chance(fundedChance(group.fundedShare, band)) ? drawFundingStage(rng, band) : null;
  const foundedYear = drawFoundedYear(rng, band, stage);
  const fundingTotal = stage === null ? 0 : drawFundingTotal(rng, stage);
  const lastFundingDay = stage === null ? 0 : drawLastFundingDay(rng, foundedYear);
  const naicsCode = rng.pick(industry.naics);
  const stack = drawTechnologyStack(rng, group, band, geo.profile);

  const hasCountry = rng.chance(FIELD_PRESENCE.country);
  const hasCity = hasCountry && rng.chance(FIELD_PRESENCE.cityGivenCountry);
  const hasState = hasCity || (hasCountry && rng.chance(FIELD_PRESENCE.stateGivenNoCity));
  const hasIndustry = rng.chance(FIELD_PRESENCE.industry);
  const hasNaics = hasIndustry && rng.chance(FIELD_PRESENCE.naicsGivenIndustry);
  const hasBand = rng.chance(FIELD_PRESENCE.employee_count);
  const hasDescription = rng.chance(FIELD_PRESENCE.description);
  const hasTechnologies = rng.chance(FIELD_PRESENCE.technologies);
  const hasFounded = rng.chance(FIELD_PRESENCE.founded_year);
  const hasProfile = rng.chance(FIELD_PRESENCE.profile_url);
  const hasTotal = stage !== null && rng.chance(FIELD_PRESENCE.fundingTotalGivenStage);
  const hasLastFunding = stage !== null && rng.chance(FIELD_PRESENCE.lastFundingDateGivenStage);

  const shownBand = hasBand ? band : null;
  const description = hasDescription
    ? drawDescription(rng, {
        name: identity.name,
        group,
        vocabulary: industry.vocabulary,
        location: hasCity ? placeLabel(geo, place) : hasCountry ? geo.name : null,
        qualifier: qualifierFor(rng, shownBand, stage),
        foundedYear: hasFounded ? foundedYear : null,
      })
    : null;

  return {
    index,
    company_id: identity.company_id,
    name: identity.name,
    domain: identity.domain,
    other_domains: drawOtherDomains(key, index, identity.domain),
    industry: hasIndustry ? industry.label : null,
    naics_code: hasNaics ? naicsCode : null,
    naics_sector: hasNaics ? naicsSectorOf(naicsCode) : null,
    description,
    employee_count: shownBand,
    employee_range: shownBand === null ? null : EMPLOYEE_RANGES[shownBand],
    country: hasCountry ? geo.name : null,
    country_code: hasCountry ? geo.code : null,
    state: hasState ? place.state : null,
    city: hasCity ? place.city : null,
    technologies: hasTechnologies ? stack.technologies : [],
    technology_categories: hasTechnologies ? stack.categories : [],
    founded_year: hasFounded ? foundedYear : null,
    profile_url: hasProfile ? `https://www.linkedin.com/company/${slug}` : null,
    funding_stage: stage,
    funding_total_usd: hasTotal ? fundingTotal : null,
    last_funding_date: hasLastFunding ? formatDay(lastFundingDay) : null,
  };
}

/** The company at an index, for callers that already hold the seed's key. */
export function companyAt(key: SeedKey, index: number): Company {
  checkIndex(index);
  return buildCompany(key, index);
}

/** The company at one index of the dataset of a seed. */
export function generateCompany(seed: DatasetSeed, index: number): Company {
  checkIndex(index);
  return buildCompany(seedKey(seed), index);
}

/**
 * What a company is underneath its record: its true country and industry even where the
 * record leaves them out. Job postings, connections and events are drawn from this.
 */
export interface CompanyProfile {
  readonly identity: CompanyIdentity;
  /** Profile-URL and job-board handle: "brightpathlabs-3kf9a2". */
  readonly handle: string;
  readonly geo: CountryGeo;
  readonly industry: IndustryDefinition;
  readonly group: IndustryGroup;
}

export function companyProfile(key: SeedKey, index: number): CompanyProfile {
  checkIndex(index);
  const { identity, slug, geo, industry, group } = drawCore(key, index);
  return { identity, handle: slug, geo, industry, group };
}

/** Id, name and domain of the company at an index, without drawing the rest of the record. */
export function companyIdentity(seed: DatasetSeed | SeedKey, index: number): CompanyIdentity {
  checkIndex(index);
  return drawCore(typeof seed === 'object' ? seed : seedKey(seed), index).identity;
}

export interface GenerateCompaniesOptions {
  readonly seed: DatasetSeed;
  /** Size of the whole dataset (the id space), e.g. 13,000,000. */
  readonly count: number;
  /** First index to generate (default 0): a resumed or parallel load starts here. */
  readonly start?: number;
  /** One past the last index to generate (default `count`). */
  readonly end?: number;
}

function sliceOf(options: GenerateCompaniesOptions): readonly [number, number] {
  const { count, start = 0, end = count } = options;
  if (!Number.isInteger(count) || count < 0 || count > MAX_INDEX + 1) throw new RangeError(`count out of range: ${count}`);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > count || start > end) {
    throw new RangeError(`invalid slice [${start}, ${end}) of ${count} companies`);
  }
  return [start, end];
}

/**
 * Companies in index order, one at a time: memory stays flat however many are drawn,
 * and the records of [start, end) are the same as in a full run.
 */
export function* generateCompanies(options: GenerateCompaniesOptions): Generator<Company, void, undefined> {
  const [start, end] = sliceOf(options);
  const key = seedKey(options.seed);
  for (let index = start; index < end; index += 1) yield buildCompany(key, index);
}

/** The same records in arrays of `batchSize`, for bulk inserts. */
export function* generateCompanyBatches(options: GenerateCompaniesOptions & { readonly batchSize: number }): Generator<Company[], void, undefined> {
  const { batchSize } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  let batch: Company[] = [];
  for (const company of generateCompanies(options)) {
    batch.push(company);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The index of a company id of this seed, or null when the id is not one of its companies. */
export function indexFromCompanyId(seed: DatasetSeed, companyId: string): number | null {
  return indexFromRecordId(seedKey(seed), companyId, IdKind.company);
}

/** The index of a company domain of this seed, or null when the domain is not one of its companies. */
export function indexFromDomain(seed: DatasetSeed, domain: string): number | null {
  const key = seedKey(seed);
  const lower = domain.toLowerCase();
  const label = lower.slice(0, lower.indexOf('.') < 0 ? lower.length : lower.indexOf('.'));
  const dash = label.lastIndexOf('-');
  if (dash < 0) return null;
  const code = label.slice(dash + 1);
  if (!/^[0-9a-z]{1,7}$/.test(code)) return null;
  const value = Number.parseInt(code, 36);
  if (value > 0xffff_ffff) return null;
  const index = indexFromCode(key, value);
  return drawCore(key, index).identity.domain === lower ? index : null;
}
