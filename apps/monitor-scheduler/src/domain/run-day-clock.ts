/** The daily run's time of day, UTC. */
export interface RunTimeOfDay {
  hour: number;
  minute: number;
}

/** Reads an HH:MM time of day (the config has checked its form). */
export function parseRunTimeOfDay(text: string): RunTimeOfDay {
  const [hour, minute] = text.split(':').map(Number) as [number, number];
  return { hour, minute };
}

/** The cron expression firing once a day at the run's time of day (the schedule runs in UTC). */
export const dailyRunCron = (runTime: RunTimeOfDay): string => `${runTime.minute} ${runTime.hour} * * *`;

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether the day's scheduled run time (UTC) has come. */
export const isRunTimeReached = (at: Date, runTime: RunTimeOfDay): boolean =>
  at.getUTCHours() * 60 + at.getUTCMinutes() >= runTime.hour * 60 + runTime.minute;
