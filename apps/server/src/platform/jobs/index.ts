export {
  createJobs,
  type JobContext,
  type JobDefinition,
  type JobOutcome,
  type JobSchedule,
  type Jobs,
  type JobsOptions,
  periodJobId,
  periodKey,
} from './jobs';
export { jobRuns } from './jobs.schema';
