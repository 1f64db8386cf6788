import { randomUUID } from 'node:crypto';
import { JOB_SERVICES, jobOwner } from './job-owner';

describe('the service a job id names', () => {
  it('is the service before the dot, when that service runs jobs', () => {
    expect(JOB_SERVICES.length).toBeGreaterThan(0);
    for (const service of JOB_SERVICES) expect(jobOwner(`${service}.${randomUUID()}`)).toBe(service);
  });

  it('is none for a service that runs no jobs or an id of another form', () => {
    expect(jobOwner(`gateway.${randomUUID()}`)).toBeUndefined();
    expect(jobOwner(randomUUID())).toBeUndefined();
    expect(jobOwner('search.not-a-uuid')).toBeUndefined();
  });
});
