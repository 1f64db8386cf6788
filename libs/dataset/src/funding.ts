import { DATASET_AS_OF_DAY, DATASET_AS_OF_YEAR, dayNumber } from './dates';
import type { EmployeeBand } from './employee-bands';
import type { Rng } from './prng';
import { WeightedTable } from './weighted-table';

/** Lowercase funding-stage tokens, in the order a company moves through them. */
export const FUNDING_STAGES = [
  'grant', 'angel', 'pre_seed', 'seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e',
  'debt_financing', 'private_equity', 'ipo',
] as const;
export type FundingStage = (typeof FUNDING_STAGES)[number];

type StageWeights = readonly (readonly [FundingStage, number])[];

const SMALL: StageWeights = [['pre_seed', 25], ['angel', 10], ['seed', 45], ['grant', 10], ['series_a', 8], ['debt_financing', 2]];
const EARLY: StageWeights = [['pre_seed', 8], ['angel', 2], ['seed', 35], ['series_a', 35], ['series_b', 10], ['grant', 5], ['debt_financing', 5]];
const GROWTH: StageWeights = [['seed', 10], ['series_a', 30], ['series_b', 30], ['series_c', 12], ['series_d', 2], ['debt_financing', 8], ['private_equity', 5], ['grant', 3]];
const SCALE: StageWeights = [['series_a', 10], ['series_b', 25], ['series_c', 25], ['series_d', 12], ['series_e', 3], ['private_equity', 12], ['debt_financing', 10], ['ipo', 3]];
const LATE: StageWeights = [['series_b', 12], ['series_c', 20], ['series_d', 15], ['series_e', 8], ['private_equity', 20], ['debt_financing', 12], ['ipo', 13]];
const MATURE: StageWeights = [['series_c', 5], ['series_d', 8], ['series_e', 7], ['private_equity', 30], ['debt_financing', 15], ['ipo', 35]];

const STAGES_BY_BAND: ReadonlyMap<EmployeeBand | null, WeightedTable<FundingStage>> = new Map<EmployeeBand | null, WeightedTable<FundingStage>>([
  [1, new WeightedTable(SMALL)], [10, new WeightedTable(SMALL)], [50, new WeightedTable(EARLY)], [null, new WeightedTable(EARLY)],
  [200, new WeightedTable(GROWTH)], [500, new WeightedTable(SCALE)], [1000, new WeightedTable(LATE)],
  [5000, new WeightedTable(MATURE)], [10000, new WeightedTable(MATURE)], [10001, new WeightedTable(MATURE)],
]);

/** Cumulative amount raised by the time a company reaches a stage, in USD (log-uniform in the range). */
const TOTAL_RANGE: Readonly<Record<FundingStage, readonly [number, number]>> = {
  grant: [10_000, 3_000_000], angel: [25_000, 1_000_000], pre_seed: [50_000, 1_500_000], seed: [300_000, 6_000_000],
  series_a: [4_000_000, 35_000_000], series_b: [20_000_000, 120_000_000], series_c: [60_000_000, 350_000_000],
  series_d: [120_000_000, 700_000_000], series_e: [250_000_000, 1_500_000_000], debt_financing: [500_000, 200_000_000],
  private_equity: [10_000_000, 2_000_000_000], ipo: [100_000_000, 6_000_000_000],
};

const FUNDED_BAND_FACTOR: Readonly<Record<EmployeeBand, number>> = {
  1: 0.45, 10: 0.8, 50: 1.1, 200: 1.3, 500: 1.4, 1000: 1.4, 5000: 1.3, 10000: 1.2, 10001: 1.2,
};

export function fundedChance(groupShare: number, band: EmployeeBand | null): number {
  return Math.min(0.9, groupShare * (band === null ? 1 : FUNDED_BAND_FACTOR[band]));
}

export function drawFundingStage(rng: Rng, band: EmployeeBand | null): FundingStage {
  return (STAGES_BY_BAND.get(band) as WeightedTable<FundingStage>).draw(rng);
}

/** Rounds like a press release would: $480,000, $12,300,000, $340,000,000. */
export function roundUsd(amount: number): number {
  const step = amount < 1_000_000 ? 10_000 : amount < 100_000_000 ? 100_000 : 1_000_000;
  return Math.max(step, Math.round(amount / step) * step);
}

export function drawLogUniform(rng: Rng, [low, high]: readonly [number, number]): number {
  return Math.exp(Math.log(low) + rng.float() * (Math.log(high) - Math.log(low)));
}

export function drawFundingTotal(rng: Rng, stage: FundingStage): number {
  return roundUsd(drawLogUniform(rng, TOTAL_RANGE[stage]));
}

/** Amount of a single round at a stage: a share of what companies at that stage have raised in total. */
export function drawRoundAmount(rng: Rng, stage: FundingStage): number {
  const [low, high] = TOTAL_RANGE[stage];
  return roundUsd(drawLogUniform(rng, [low * 0.5, high * 0.6]));
}

/** A day between the founding year (or eight years back) and the dataset date, skewed to recent. */
export function drawLastFundingDay(rng: Rng, foundedYear: number): number {
  const earliest = Math.max(dayNumber(foundedYear, 1, 1), DATASET_AS_OF_DAY - 8 * 365);
  const span = Math.max(0, DATASET_AS_OF_DAY - earliest);
  const u = rng.float();
  return DATASET_AS_OF_DAY - Math.floor(u * u * span);
}

const MEAN_AGE: Readonly<Record<EmployeeBand, number>> = {
  1: 6, 10: 9, 50: 13, 200: 18, 500: 24, 1000: 28, 5000: 35, 10000: 45, 10001: 55,
};

const EARLY_STAGES: ReadonlySet<FundingStage> = new Set(['pre_seed', 'angel', 'seed', 'grant']);

/** Bigger companies are older; companies at an early funding stage are young. */
export function drawFoundedYear(rng: Rng, band: EmployeeBand | null, stage: FundingStage | null): number {
  let mean = band === null ? 12 : MEAN_AGE[band];
  if (stage !== null && EARLY_STAGES.has(stage)) mean = Math.min(mean, 4);
  else if (stage === 'series_a') mean = Math.min(mean, 6);
  const age = Math.min(DATASET_AS_OF_YEAR - 1850, Math.floor(-Math.log(1 - rng.float()) * mean));
  return DATASET_AS_OF_YEAR - age;
}
