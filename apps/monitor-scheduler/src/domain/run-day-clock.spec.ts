import { dailyRunCron, isRunTimeReached, parseRunTimeOfDay, utcDay } from './run-day-clock';

describe('the daily run clock', () => {
  it('reads MONITOR_RUN_TIME_UTC into the cron expression of that time each day', () => {
    expect(parseRunTimeOfDay('09:00')).toEqual({ hour: 9, minute: 0 });
    expect(dailyRunCron(parseRunTimeOfDay('09:00'))).toBe('0 9 * * *');
    expect(dailyRunCron(parseRunTimeOfDay('23:07'))).toBe('7 23 * * *');
  });

  it('names the UTC day of an instant, whatever its offset was written in', () => {
    expect(utcDay(new Date('2026-11-24T23:30:00-02:00'))).toBe('2026-11-25');
  });

  it('counts the run time as reached from its minute on, in UTC', () => {
    const nineOClock = { hour: 9, minute: 0 };
    expect(isRunTimeReached(new Date('2026-11-24T08:59:59Z'), nineOClock)).toBe(false);
    expect(isRunTimeReached(new Date('2026-11-24T09:00:00Z'), nineOClock)).toBe(true);
    expect(isRunTimeReached(new Date('2026-11-24T10:00:00+02:00'), nineOClock)).toBe(false);
  });
});
