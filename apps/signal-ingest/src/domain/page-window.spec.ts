import { pageWindow } from './page-window';

const days = [
  { day: '2026-11-24', signals: 3 },
  { day: '2026-11-23', signals: 0 },
  { day: '2026-11-22', signals: 5 },
  { day: '2026-11-20', signals: 2 },
];

describe('pageWindow: the days that hold a page of a newest-first list', () => {
  it('starts at the newest day for the first page and ends on the day that completes it', () => {
    expect(pageWindow(days, 0, 2)).toEqual({ newestDay: '2026-11-24', oldestDay: '2026-11-24', skip: 0 });
    expect(pageWindow(days, 0, 3)).toEqual({ newestDay: '2026-11-24', oldestDay: '2026-11-24', skip: 0 });
    expect(pageWindow(days, 0, 4)).toEqual({ newestDay: '2026-11-24', oldestDay: '2026-11-22', skip: 0 });
  });

  it('skips whole newer days and counts the rows of the first day before the page', () => {
    expect(pageWindow(days, 3, 2)).toEqual({ newestDay: '2026-11-22', oldestDay: '2026-11-22', skip: 0 });
    expect(pageWindow(days, 5, 4)).toEqual({ newestDay: '2026-11-22', oldestDay: '2026-11-20', skip: 2 });
    expect(pageWindow(days, 9, 50)).toEqual({ newestDay: '2026-11-20', oldestDay: '2026-11-20', skip: 1 });
  });

  it('runs to the oldest day when the page asks for more rows than remain', () => {
    expect(pageWindow(days, 1, 200)).toEqual({ newestDay: '2026-11-24', oldestDay: '2026-11-20', skip: 1 });
  });

  it('is null past the last row and for no rows', () => {
    expect(pageWindow(days, 10, 5)).toBeNull();
    expect(pageWindow([], 0, 5)).toBeNull();
    expect(pageWindow([{ day: '2026-11-24', signals: 0 }], 0, 5)).toBeNull();
  });
});
