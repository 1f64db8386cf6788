import { WeightedTable } from './weighted-table';

/** The nine stored `employee_count` values: band markers, not headcounts. */
export const EMPLOYEE_BANDS = [1, 10, 50, 200, 500, 1000, 5000, 10000, 10001] as const;
export type EmployeeBand = (typeof EMPLOYEE_BANDS)[number];

export const EMPLOYEE_RANGES: Readonly<Record<EmployeeBand, string>> = {
  1: '1', 10: '2-10', 50: '11-50', 200: '51-200', 500: '201-500', 1000: '501-1000', 5000: '1001-5000', 10000: '5001-10000', 10001: '10001+',
};

/**
 * Most companies are tiny: roughly the shape of company-size distributions in business
 * registers and professional networks (solo and micro firms dominate, 10,000+ is rare).
 */
export const EMPLOYEE_BAND_WEIGHTS: Readonly<Record<EmployeeBand, number>> = {
  1: 22, 10: 38.6, 50: 20, 200: 10, 500: 4.5, 1000: 2.2, 5000: 1.6, 10000: 0.6, 10001: 0.5,
};

export const EMPLOYEE_BAND_TABLE = new WeightedTable(EMPLOYEE_BANDS.map((band) => [band, EMPLOYEE_BAND_WEIGHTS[band]] as const));

/** Position of a band in size order, 0 (one person) to 8 (10,001+). */
export function bandRank(band: EmployeeBand): number {
  return EMPLOYEE_BANDS.indexOf(band);
}
