export { jobLockKey } from './job-lock-key';
export type { LockConnectionSource } from './lock-session';
export { SingleRunner, type ExclusiveRun, type Leadership, type LeadershipOptions, type SingleRunnerOptions } from './single-runner';
