import { companyIdentity, type Company } from './company';
import { DATASET_AS_OF, formatDay, parseDay } from './dates';
import { bandRank } from './employee-bands';
import { IdKind, MAX_INDEX, recordId } from './ids';
import { byNewestFirst } from './job-postings';
import { Rng, seedKey, Stream, type DatasetSeed } from './prng';
import { WeightedTable } from './weighted-table';

export const CONNECTION_CATEGORIES = ['vendor', 'investor', 'partner', 'integration', 'customer', 'parent', 'holding'] as const;
export type ConnectionCategory = (typeof CONNECTION_CATEGORIES)[number];

/** A relation from one company to another company of the same dataset. */
export interface Connection {
  readonly id: string;
  readonly company_id: string;
  readonly category: ConnectionCategory;
  readonly connected_company_id: string;
  readonly connected_domain: string;
  readonly connected_name: string;
  /** YYYY-MM-DD: when the relation was first observed. */
  readonly first_seen_at: string;
}

export interface ConnectionOptions {
  readonly seed: DatasetSeed;
  /** Size of the id space; every target index is below it. */
  readonly count: number;
  /** The day the connections are known on (default: the dataset date). */
  readonly asOf?: string;
}

const CATEGORY_TABLE = new WeightedTable<ConnectionCategory>([
  ['customer', 25], ['vendor', 25], ['partner', 20], ['integration', 15], ['investor', 8], ['parent', 4], ['holding', 3],
]);

/** Mean connections by band rank: large companies have many vendors, customers and partners. */
const MEAN_CONNECTIONS = [0.3, 0.8, 1.5, 3, 5, 8, 12, 18, 25] as const;
const MAX_CONNECTIONS = 60;
const LOOKBACK_DAYS = 3 * 365;

type ConnectedCompany = Pick<Company, 'index' | 'company_id' | 'employee_count' | 'funding_stage'>;

/**
 * The company's connections, newest first. Targets are drawn by index inside [0, count),
 * so nothing about the rest of the dataset has to be held in memory.
 */
export function generateConnections(company: ConnectedCompany, options: ConnectionOptions): Connection[] {
  return drawConnections(company, options, 0, 0);
}

/**
 * One independent draw of the company's connections: `salt` 0 with `ordinalBase` 0 is
 * {@link generateConnections}; other salts are the connections another period of events
 * finds, with ids of their own from `ordinalBase` on.
 */
export function drawConnections(company: ConnectedCompany, options: ConnectionOptions, salt: number, ordinalBase: number): Connection[] {
  const { count } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_INDEX + 1) throw new RangeError(`count out of range: ${count}`);
  if (company.index >= count) throw new RangeError(`company index ${company.index} is outside the id space of ${count}`);
  if (count < 2) return [];
  const key = seedKey(options.seed);
  const asOfDay = parseDay(options.asOf ?? DATASET_AS_OF);
  const rng = new Rng(key, Stream.connections, company.index, salt);
  const mean = company.employee_count === null ? 1 : (MEAN_CONNECTIONS[bandRank(company.employee_count)] as number);
  const ratio = mean / (1 + mean);
  const total = Math.min(MAX_CONNECTIONS, count - 1, Math.floor(Math.log(1 - rng.float()) / Math.log(ratio)));
  const targets = new Set<number>();
  let hasParent = false;
  const drawn: (Connection & { day: number; ordinal: number })[] = [];
  for (let ordinal = 0; ordinal < total; ordinal += 1) {
    let category = CATEGORY_TABLE.draw(rng);
    if (category === 'investor' && company.funding_stage === null) category = 'partner';
    if (category === 'parent') {
      if (hasParent) category = 'customer';
      hasParent = true;
    }
    let target = rng.int(count);
    for (let attempt = 0; attempt < 8 && (target === company.index || targets.has(target)); attempt += 1) target = rng.int(count);
    if (target === company.index || targets.has(target)) continue;
    targets.add(target);
    const other = companyIdentity(key, target);
    const u = rng.float();
    const day = asOfDay - Math.floor(u * Math.sqrt(u) * LOOKBACK_DAYS);
    drawn.push({
      id: recordId(key, company.index, IdKind.connection, ordinalBase + ordinal),
      company_id: company.company_id,
      category,
      connected_company_id: other.company_id,
      connected_domain: other.domain,
      connected_name: other.name,
      first_seen_at: formatDay(day),
      day,
      ordinal,
    });
  }
  drawn.sort(byNewestFirst);
  return drawn.map(({ day: _day, ordinal: _ordinal, ...connection }) => connection);
}
