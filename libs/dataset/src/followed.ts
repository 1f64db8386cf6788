import { companyAt, type Company } from './company';
import { bandRank } from './employee-bands';
import { Rng, seedKey, Stream, type DatasetSeed, type SeedKey } from './prng';

/** The leads feed follows about this many companies of the full 13-million dataset. */
export const FOLLOWED_TARGET = 8_900;

/** Followed companies for a dataset of `count`: 8,900, or a tenth of a small dataset. */
export function followedCount(count: number): number {
  return Math.min(FOLLOWED_TARGET, Math.floor(count / 10));
}

export interface FollowedOptions {
  readonly seed: DatasetSeed;
  readonly count: number;
  /** Override of {@link followedCount}. */
  readonly followed?: number;
}

const CANDIDATES_PER_BUCKET = 8;

interface Plan {
  readonly key: SeedKey;
  readonly count: number;
  readonly followed: number;
}

function planOf(options: FollowedOptions): Plan {
  const { count } = options;
  const followed = options.followed ?? followedCount(count);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count out of range: ${count}`);
  if (!Number.isInteger(followed) || followed < 0 || followed > count) throw new RangeError(`followed out of range: ${followed}`);
  return { key: seedKey(options.seed), count, followed };
}

function bucketStart(plan: Plan, bucket: number): number {
  return Math.floor((bucket * plan.count) / plan.followed);
}

/**
 * The followed company of one bucket of the id space. The id space is cut into `followed`
 * equal buckets and each contributes its largest company among a few drawn at random:
 * followed companies are spread evenly, exactly `followed` of them, and lean towards
 * established companies the way a leads feed does.
 */
function chosenInBucket(plan: Plan, bucket: number): number {
  const start = bucketStart(plan, bucket);
  const size = bucketStart(plan, bucket + 1) - start;
  const rng = new Rng(plan.key, Stream.followed, bucket);
  let best = start + rng.int(size);
  let bestRank = rankOf(companyAt(plan.key, best));
  for (let candidate = 1; candidate < Math.min(CANDIDATES_PER_BUCKET, size); candidate += 1) {
    const index = start + rng.int(size);
    const rank = rankOf(companyAt(plan.key, index));
    if (rank > bestRank) {
      best = index;
      bestRank = rank;
    }
  }
  return best;
}

function rankOf(company: Company): number {
  return company.employee_count === null ? -1 : bandRank(company.employee_count);
}

/** Indices of the followed companies, ascending. */
export function* followedIndices(options: FollowedOptions): Generator<number, void, undefined> {
  const plan = planOf(options);
  for (let bucket = 0; bucket < plan.followed; bucket += 1) yield chosenInBucket(plan, bucket);
}

export function isFollowed(index: number, options: FollowedOptions): boolean {
  const plan = planOf(options);
  if (plan.followed === 0 || !Number.isInteger(index) || index < 0 || index >= plan.count) return false;
  let bucket = Math.min(plan.followed - 1, Math.floor((index * plan.followed) / plan.count));
  while (bucket + 1 < plan.followed && bucketStart(plan, bucket + 1) <= index) bucket += 1;
  while (bucket > 0 && bucketStart(plan, bucket) > index) bucket -= 1;
  return chosenInBucket(plan, bucket) === index;
}
