/** Day arithmetic on UTC day numbers (days since 1970-01-01): no Date objects per record. */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function parseDay(text: string): number {
  const match = DAY_PATTERN.exec(text);
  if (!match) throw new RangeError(`expected a YYYY-MM-DD date, got ${JSON.stringify(text)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = dayNumber(year, month, day);
  if (formatDay(days) !== text) throw new RangeError(`not a calendar date: ${text}`);
  return days;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : `${value}`;
}

/** YYYY-MM-DD for a day number (civil_from_days). */
export function formatDay(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

export function yearOfDay(days: number): number {
  return Number(formatDay(days).slice(0, 4));
}

/**
 * The date the company records describe. Company records depend only on (seed, index),
 * so their dates (founded_year, last_funding_date) are fixed against this day rather
 * than against the clock.
 */
export const DATASET_AS_OF = '2025-06-30';
export const DATASET_AS_OF_DAY = parseDay(DATASET_AS_OF);
export const DATASET_AS_OF_YEAR = yearOfDay(DATASET_AS_OF_DAY);
