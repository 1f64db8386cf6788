import { companyIdentity, companyProfile, type Company, type CompanyProfile } from './company';
import { drawConnections, type Connection, type ConnectionCategory } from './connections';
import {
  AWARDS, FACILITIES, INVESTOR_SUFFIXES, NEWS_CATEGORY_WEIGHTS, NEWS_OUTLETS, PRODUCT_NOUNS, UNCATEGORISED_NEWS_SHARE,
  type NewsCategory,
} from './data/news';
import { BRAND_ENDS, BRAND_STARTS, GIVEN_NAMES, SURNAMES } from './data/name-parts';
import { ROLE_FAMILIES, type JobCategory, type Seniority } from './data/job-roles';
import { TECHNOLOGIES } from './data/technologies';
import { formatDay, parseDay } from './dates';
import { bandRank } from './employee-bands';
import { drawFundingStage, drawRoundAmount, type FundingStage } from './funding';
import { IdKind, recordId, type IdKindValue } from './ids';
import { drawPostingCount, postingLocation, postingUrl, type JobBoard } from './job-postings';
import { drawRole, urlSlug } from './job-title';
import { Rng, seedKey, Stream, type DatasetSeed, type SeedKey } from './prng';
import { WeightedTable } from './weighted-table';

export const SIGNAL_TYPES = ['job_openings', 'financing_events', 'news_events', 'connections'] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

/** What a job opening event says about the posting itself. */
export interface JobOpeningFacts {
  readonly title: string;
  readonly seniority: Seniority;
  readonly categories: readonly JobCategory[];
  readonly location: string | null;
}

/**
 * One thing that happened at a followed company: what the upstream provider reports and
 * the leads feed shows. `category` is the job category (job openings), the round
 * (financing), the news category (news; null when the provider sent none) or the
 * connection category (connections).
 */
export interface CompanyEvent {
  readonly id: string;
  readonly company_id: string;
  readonly domain: string;
  readonly company_name: string;
  readonly signal_type: SignalType;
  readonly category: string | null;
  /** YYYY-MM-DD. */
  readonly happened_on: string;
  readonly headline: string;
  readonly details: readonly string[];
  readonly source_url: string;
  /** Job openings only (null otherwise). */
  readonly job_opening: JobOpeningFacts | null;
}

export interface CompanyEventOptions {
  readonly seed: DatasetSeed;
  /** Size of the id space; companies named in events are drawn inside it. */
  readonly count: number;
  /** Events fall in the year that ends on this day (YYYY-MM-DD), so results do not move with the clock. */
  readonly referenceDate: string;
  /**
   * Which year of the company's history (default 0): period p holds the year that ends 365 × p
   * days after `referenceDate`, drawn independently of every other period and with ids of its
   * own, so consecutive periods tile a timeline on which no event ever moves or changes id.
   */
  readonly period?: number;
}

const YEAR_DAYS = 365;
/** Ids of period p start at ordinal p' × PERIOD_ORDINALS (p' = p zigzag-coded); a period has far fewer events of a kind. */
const PERIOD_ORDINALS = 1024;
const MAX_PERIOD_CODE = Math.floor(0x0100_0000 / PERIOD_ORDINALS) - 1;
const MAX_HIRING_EVENTS = 60;
const MAX_NEWS_EVENTS = 40;
const MEAN_NEWS = [2, 3, 4, 6, 8, 10, 14, 14, 14] as const;

const NEWS_TABLE = new WeightedTable(Object.entries(NEWS_CATEGORY_WEIGHTS) as [NewsCategory, number][]);
const ROUND_LABEL: Readonly<Record<FundingStage, string>> = {
  grant: 'grant', angel: 'angel', pre_seed: 'pre-seed', seed: 'seed', series_a: 'Series A', series_b: 'Series B', series_c: 'Series C',
  series_d: 'Series D', series_e: 'Series E', debt_financing: 'debt financing', private_equity: 'private equity', ipo: 'IPO',
};
/** "Raises" news is about equity rounds: an IPO, a loan or a grant is reported differently. */
const EQUITY_ROUND: Readonly<Record<FundingStage, FundingStage>> = {
  grant: 'seed', angel: 'angel', pre_seed: 'pre_seed', seed: 'seed', series_a: 'series_a', series_b: 'series_b', series_c: 'series_c',
  series_d: 'series_d', series_e: 'series_e', debt_financing: 'series_a', private_equity: 'private_equity', ipo: 'private_equity',
};
const NEXT_STAGE: Readonly<Partial<Record<FundingStage, FundingStage>>> = {
  pre_seed: 'seed', angel: 'seed', seed: 'series_a', grant: 'seed', series_a: 'series_b', series_b: 'series_c', series_c: 'series_d',
  series_d: 'series_e', series_e: 'private_equity',
};

interface Context {
  readonly key: SeedKey;
  readonly company: Company;
  readonly profile: CompanyProfile;
  readonly count: number;
  readonly referenceDay: number;
  /** Mixed into every generator of the period: 0 for period 0, so that period is what it always was. */
  readonly salt: number;
  readonly ordinalBase: number;
}

interface Draft {
  readonly signal_type: SignalType;
  readonly category: string | null;
  readonly day: number;
  readonly headline: string;
  readonly details: readonly string[];
  readonly source_url: string;
  readonly kind: IdKindValue;
  readonly ordinal: number;
  readonly job_opening: JobOpeningFacts | null;
}

/** "$12.5M", "$480K", "$1.2B". */
export function shortUsd(amount: number): string {
  const [value, unit] = amount >= 1e9 ? [amount / 1e9, 'B'] : amount >= 1e6 ? [amount / 1e6, 'M'] : [amount / 1e3, 'K'];
  return `$${Number(value.toFixed(1))}${unit}`;
}

/** "$12,500,000". */
export function fullUsd(amount: number): string {
  return `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

function withArticle(text: string): string {
  return /^[AEIOU]/.test(text) ? `an ${text}` : `a ${text}`;
}

function newsUrl(rng: Rng, day: number, headline: string): string {
  const date = formatDay(day);
  return `https://www.${rng.pick(NEWS_OUTLETS)}/news/${date.slice(0, 4)}/${date.slice(5, 7)}/${urlSlug(headline)}-${rng.between(1000, 99999)}`;
}

function eventDay(rng: Rng, ctx: Context): number {
  return ctx.referenceDay - rng.int(YEAR_DAYS);
}

function otherCompany(rng: Rng, ctx: Context): string {
  if (ctx.count < 2) return `${rng.pick(BRAND_STARTS)}${rng.pick(BRAND_ENDS)}`;
  let target = rng.int(ctx.count);
  if (target === ctx.company.index) target = (target + 1) % ctx.count;
  return companyIdentity(ctx.key, target).name;
}

function person(rng: Rng, ctx: Context): string {
  const family = ctx.profile.geo.profile.names;
  return `${rng.pick(GIVEN_NAMES[family])} ${rng.pick(SURNAMES[family])}`;
}

function investorName(rng: Rng): string {
  return `${rng.pick(BRAND_STARTS)}${rng.pick(BRAND_ENDS)} ${rng.pick(INVESTOR_SUFFIXES)}`;
}

function cityName(rng: Rng, ctx: Context): string {
  const geo = ctx.profile.geo;
  const place = geo.hubs !== null && rng.chance(0.7) ? geo.hubs.draw(rng) : rng.pick(geo.places);
  return place.city;
}

function whereHired(location: string | null): string {
  if (location === null) return '';
  return location.startsWith('Remote') ? ' (remote)' : ` in ${location}`;
}

function hiringEvents(ctx: Context): Draft[] {
  const rng = new Rng(ctx.key, Stream.hiringEvents, ctx.company.index, ctx.salt);
  const board = rng.pick<JobBoard>(['greenhouse', 'lever', 'workable', 'careers_page']);
  const small = ctx.company.employee_count === null || bandRank(ctx.company.employee_count) <= 2;
  // A year of openings is several times what is open on one day; followed companies hire.
  const total = Math.min(MAX_HIRING_EVENTS, 1 + drawPostingCount(rng, ctx.company.employee_count, 3));
  const drafts: Draft[] = [];
  for (let ordinal = 0; ordinal < total; ordinal += 1) {
    const role = drawRole(rng, ctx.profile.group, small);
    const location = postingLocation(rng, ctx.company, ctx.profile);
    drafts.push({
      signal_type: 'job_openings',
      category: role.category,
      day: eventDay(rng, ctx),
      headline: `${ctx.company.name} is hiring ${withArticle(role.title)}${whereHired(location)}`,
      details: [`Title: ${role.title}`, `Seniority: ${role.seniority}`, `Category: ${role.category}`, ...(location === null ? [] : [`Location: ${location}`])],
      source_url: postingUrl(rng, board, ctx.profile, role.title),
      kind: IdKind.hiringEvent,
      ordinal,
      job_opening: { title: role.title, seniority: role.seniority, categories: [role.category], location },
    });
  }
  return drafts;
}

function financingEvents(ctx: Context): Draft[] {
  const rng = new Rng(ctx.key, Stream.financingEvents, ctx.company.index, ctx.salt);
  const roll = rng.float();
  const total = roll < 0.55 ? 0 : roll < 0.9 ? 1 : 2;
  let stage: FundingStage = ctx.company.funding_stage ?? drawFundingStage(rng, ctx.company.employee_count);
  const drafts: Draft[] = [];
  for (let ordinal = 0; ordinal < total; ordinal += 1) {
    if (ordinal > 0) stage = NEXT_STAGE[stage] ?? 'debt_financing';
    const amount = drawRoundAmount(rng, stage);
    const investors = Array.from({ length: 1 + rng.int(3) }, () => investorName(rng));
    const lead = investors[0] as string;
    const name = ctx.company.name;
    const headline =
      stage === 'ipo' ? `${name} prices its IPO, raising ${shortUsd(amount)}`
        : stage === 'debt_financing' ? `${name} secures ${shortUsd(amount)} in debt financing from ${lead}`
          : stage === 'grant' ? `${name} receives a ${shortUsd(amount)} grant from ${lead}`
            : `${name} raises ${shortUsd(amount)} ${ROUND_LABEL[stage]} round led by ${lead}`;
    const day = eventDay(rng, ctx);
    drafts.push({
      signal_type: 'financing_events',
      category: stage,
      day,
      headline,
      details: [`Amount: ${fullUsd(amount)}`, `Round: ${ROUND_LABEL[stage]}`, `Investors: ${investors.join(', ')}`],
      source_url: newsUrl(rng, day, headline),
      kind: IdKind.financingEvent,
      ordinal,
      job_opening: null,
    });
  }
  return drafts;
}

function newsHeadline(rng: Rng, ctx: Context, category: NewsCategory | null): { headline: string; details: string[] } {
  const name = ctx.company.name;
  const group = ctx.profile.group;
  const product = `${name.split(' ')[0]} ${rng.pick(PRODUCT_NOUNS)}`;
  const tech = rng.pick(TECHNOLOGIES).name;
  const family = ROLE_FAMILIES[drawRole(rng, group, false).category];
  switch (category) {
    case 'receives_financing': {
      const amount = drawRoundAmount(rng, 'series_a');
      const investor = investorName(rng);
      return { headline: `${name} receives ${shortUsd(amount)} investment from ${investor}`, details: [`Amount: ${fullUsd(amount)}`, `Investor: ${investor}`] };
    }
    case 'raises': {
      const stage = EQUITY_ROUND[drawFundingStage(rng, ctx.company.employee_count)];
      const amount = drawRoundAmount(rng, stage);
      return { headline: `${name} raises ${shortUsd(amount)} in ${ROUND_LABEL[stage]} funding`, details: [`Amount: ${fullUsd(amount)}`, `Round: ${ROUND_LABEL[stage]}`] };
    }
    case 'acquires': { const other = otherCompany(rng, ctx); return { headline: `${name} acquires ${other}`, details: [`Acquired company: ${other}`] }; }
    case 'merges_with': { const other = otherCompany(rng, ctx); return { headline: `${name} merges with ${other}`, details: [`Merger partner: ${other}`] }; }
    case 'is_acquired_by': { const other = otherCompany(rng, ctx); return { headline: `${name} is acquired by ${other}`, details: [`Acquirer: ${other}`] }; }
    case 'hires': {
      const who = person(rng, ctx);
      return { headline: `${name} hires ${who} as ${family.chief}`, details: [`Person: ${who}`, `Title: ${family.chief}`] };
    }
    case 'promotes': {
      const who = person(rng, ctx);
      const title = `VP of ${family.area}`;
      return { headline: `${name} promotes ${who} to ${title}`, details: [`Person: ${who}`, `Title: ${title}`] };
    }
    case 'leaves': {
      const who = person(rng, ctx);
      const title = `Head of ${family.area}`;
      return { headline: `${title} ${who} leaves ${name}`, details: [`Person: ${who}`, `Title: ${title}`] };
    }
    case 'retires_from': {
      const who = person(rng, ctx);
      const years = rng.between(8, 35);
      return { headline: `${who} retires from ${name} after ${years} years`, details: [`Person: ${who}`, `Title: ${family.chief}`] };
    }
    case 'expands_offices_to': { const city = cityName(rng, ctx); return { headline: `${name} expands offices to ${city}`, details: [`Location: ${city}`] }; }
    case 'opens_new_location': { const city = cityName(rng, ctx); return { headline: `${name} opens new location in ${city}`, details: [`Location: ${city}`] }; }
    case 'expands_facilities': {
      const city = cityName(rng, ctx);
      const facility = rng.pick(FACILITIES);
      return { headline: `${name} expands its ${facility} in ${city}`, details: [`Facility: ${facility}`, `Location: ${city}`] };
    }
    case 'decreases_headcount_by': {
      const percent = rng.between(3, 25);
      return { headline: `${name} decreases headcount by ${percent}%`, details: [`Reduction: ${percent}%`] };
    }
    case 'closes_offices': { const city = cityName(rng, ctx); return { headline: `${name} closes its ${city} office`, details: [`Location: ${city}`] }; }
    case 'files_suit_against': { const other = otherCompany(rng, ctx); return { headline: `${name} files suit against ${other}`, details: [`Defendant: ${other}`] }; }
    case 'partners_with': {
      const other = otherCompany(rng, ctx);
      const phrase = rng.pick(group.phrases);
      return { headline: `${name} partners with ${other} on ${phrase}`, details: [`Partner: ${other}`, `Focus: ${phrase}`] };
    }
    case 'signs_new_client': { const other = otherCompany(rng, ctx); return { headline: `${name} signs ${other} as a new client`, details: [`Client: ${other}`] }; }
    case 'wins_award': { const award = rng.pick(AWARDS); return { headline: `${name} wins ${award}`, details: [`Award: ${award}`] }; }
    case 'launches': {
      const phrase = rng.pick(group.phrases);
      return { headline: `${name} launches ${product} for ${phrase}`, details: [`Product: ${product}`, `Focus: ${phrase}`] };
    }
    case 'releases': {
      const version = `${rng.between(2, 9)}.${rng.int(10)}`;
      return { headline: `${name} releases ${product} ${version}`, details: [`Product: ${product}`, `Version: ${version}`] };
    }
    case 'integrates_with': return { headline: `${name} integrates with ${tech}`, details: [`Technology: ${tech}`] };
    case 'implements': return { headline: `${name} implements ${tech}`, details: [`Technology: ${tech}`] };
    case 'goes_live_with': return { headline: `${name} goes live with ${tech}`, details: [`Technology: ${tech}`] };
    case 'is_developing': return { headline: `${name} is developing ${product}`, details: [`Product: ${product}`] };
    case 'has_issues_with': return { headline: `${name} reports issues with ${tech}`, details: [`Technology: ${tech}`] };
    case 'identified_as_competitor_of': {
      const other = otherCompany(rng, ctx);
      return { headline: `${name} identified as a competitor of ${other}`, details: [`Competitor: ${other}`] };
    }
    case 'sells_assets_to': { const other = otherCompany(rng, ctx); return { headline: `${name} sells assets to ${other}`, details: [`Buyer: ${other}`] }; }
    case null: {
      const phrase = rng.pick(group.phrases);
      return { headline: `${name} featured in industry coverage of ${phrase}`, details: [`Topic: ${phrase}`] };
    }
  }
}

function newsEvents(ctx: Context): Draft[] {
  const rng = new Rng(ctx.key, Stream.newsEvents, ctx.company.index, ctx.salt);
  const mean = ctx.company.employee_count === null ? 3 : (MEAN_NEWS[bandRank(ctx.company.employee_count)] as number);
  const ratio = mean / (1 + mean);
  const total = Math.min(MAX_NEWS_EVENTS, 2 + Math.floor(Math.log(1 - rng.float()) / Math.log(ratio)));
  const drafts: Draft[] = [];
  for (let ordinal = 0; ordinal < total; ordinal += 1) {
    const category = rng.chance(UNCATEGORISED_NEWS_SHARE) ? null : NEWS_TABLE.draw(rng);
    const day = eventDay(rng, ctx);
    const { headline, details } = newsHeadline(rng, ctx, category);
    drafts.push({
      signal_type: 'news_events', category, day, headline, details, source_url: newsUrl(rng, day, headline), kind: IdKind.newsEvent, ordinal, job_opening: null,
    });
  }
  return drafts;
}

const CONNECTION_HEADLINES: Readonly<Record<ConnectionCategory, (name: string, other: string) => string>> = {
  vendor: (name, other) => `${name} works with ${other} as a vendor`,
  investor: (name, other) => `${other} invests in ${name}`,
  partner: (name, other) => `${name} partners with ${other}`,
  integration: (name, other) => `${name} integrates with ${other}`,
  customer: (name, other) => `${name} lists ${other} as a customer`,
  parent: (name, other) => `${other} is the parent company of ${name}`,
  holding: (name, other) => `${name} holds a stake in ${other}`,
};

const CONNECTION_PAGES: Readonly<Record<ConnectionCategory, string>> = {
  vendor: 'about', investor: 'investors', partner: 'partners', integration: 'integrations', customer: 'customers', parent: 'about', holding: 'about',
};

function connectionEvents(ctx: Context, connections: readonly Connection[]): Draft[] {
  const earliest = ctx.referenceDay - (YEAR_DAYS - 1);
  const drafts: Draft[] = [];
  connections.forEach((connection, ordinal) => {
    const day = parseDay(connection.first_seen_at);
    if (day < earliest || day > ctx.referenceDay) return;
    drafts.push({
      signal_type: 'connections',
      category: connection.category,
      day,
      headline: CONNECTION_HEADLINES[connection.category](ctx.company.name, connection.connected_name),
      details: [`Category: ${connection.category}`, `Connected company: ${connection.connected_name} (${connection.connected_domain})`],
      source_url: `https://${ctx.company.domain}/${CONNECTION_PAGES[connection.category]}`,
      kind: IdKind.connectionEvent,
      ordinal,
      job_opening: null,
    });
  });
  return drafts;
}

/** Periods zigzag-coded (0, -1, 1, -2, 2 ... -> 0, 1, 2, 3, 4 ...): a non-negative salt and id block for each. */
function periodCode(period: number): number {
  if (!Number.isInteger(period)) throw new RangeError(`period must be an integer, got ${period}`);
  const code = period >= 0 ? 2 * period : -2 * period - 1;
  if (code > MAX_PERIOD_CODE) throw new RangeError(`period out of range: ${period}`);
  return code;
}

/**
 * A year of events for one company, newest first (ties in a stable order): job openings,
 * financing rounds, news and newly seen connections, all dated in the year ending on
 * `referenceDate` (moved on by `period` years).
 */
export function generateCompanyEvents(company: Company, options: CompanyEventOptions): CompanyEvent[] {
  const key = seedKey(options.seed);
  const code = periodCode(options.period ?? 0);
  const referenceDay = parseDay(options.referenceDate) + YEAR_DAYS * (options.period ?? 0);
  const ctx: Context = {
    key, company, profile: companyProfile(key, company.index), count: options.count, referenceDay, salt: code, ordinalBase: code * PERIOD_ORDINALS,
  };
  const connections = drawConnections(company, { seed: options.seed, count: options.count, asOf: formatDay(referenceDay) }, code, ctx.ordinalBase);
  const drafts = [...hiringEvents(ctx), ...financingEvents(ctx), ...newsEvents(ctx), ...connectionEvents(ctx, connections)];
  const events = drafts.map((draft) => ({
    draft,
    event: {
      id: recordId(key, company.index, draft.kind, ctx.ordinalBase + draft.ordinal),
      company_id: company.company_id,
      domain: company.domain,
      company_name: company.name,
      signal_type: draft.signal_type,
      category: draft.category,
      happened_on: formatDay(draft.day),
      headline: draft.headline,
      details: draft.details,
      source_url: draft.source_url,
      job_opening: draft.job_opening,
    } satisfies CompanyEvent,
  }));
  events.sort((a, b) => b.draft.day - a.draft.day || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
  return events.map(({ event }) => event);
}
