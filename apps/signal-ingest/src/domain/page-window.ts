/** A newest-first list's rows of one UTC day. */
export interface DayCount {
  /** YYYY-MM-DD. */
  day: string;
  signals: number;
}

/** Where a page of a newest-first list lies: the days holding it, and how many of their rows come before it. */
export interface PageWindow {
  /** YYYY-MM-DD: the day of the page's newest row. */
  newestDay: string;
  /** YYYY-MM-DD: the day of the page's oldest row. */
  oldestDay: string;
  /** Rows of the window's days that come before the page. */
  skip: number;
}

/**
 * Finds the days that hold rows `offset` to `offset + limit - 1` of a list ordered newest
 * first, from the list's per-day counts (newest day first). Null when the page is empty.
 */
export function pageWindow(days: readonly DayCount[], offset: number, limit: number): PageWindow | null {
  let index = 0;
  let before = 0;
  while (index < days.length && before + days[index]!.signals <= offset) {
    before += days[index]!.signals;
    index += 1;
  }
  if (index === days.length) return null;
  const newest = index;
  let through = before;
  while (index < days.length - 1) {
    through += days[index]!.signals;
    if (through >= offset + limit) break;
    index += 1;
  }
  return { newestDay: days[newest]!.day, oldestDay: days[index]!.day, skip: offset - before };
}
