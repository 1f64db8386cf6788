export {
  OperatorJobs,
  jobKind,
  DEFAULT_OPERATOR_JOBS_SETTINGS,
  type JobContext,
  type JobKind,
  type RegisteredJobKind,
  type OperatorJobsOptions,
  type OperatorJobsSettings,
} from './operator-jobs';
export { answerWithJob, operatorJobRoutes } from './job-routes';
export { OPERATOR_JOBS_TABLE } from './operator-jobs-table';
