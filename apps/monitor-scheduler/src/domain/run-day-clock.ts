/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether the day's scheduled run time (UTC) has come. */
export const isRunTimeReached = (at: Date, runTime: { hour: number; minute: number }): boolean =>
  at.getUTCHours() * 60 + at.getUTCMinutes() >= runTime.hour * 60 + runTime.minute;
