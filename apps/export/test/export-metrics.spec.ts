import { currentMetricSamples, sampleValue } from '@radar/platform/testing';
import { useExportWorld } from './support/export-world';

describe('export outcomes on /metrics', () => {
  const world = useExportWorld({ companies: 300, exportEnv: { EXPORT_MAX_ATTEMPTS: '2' } });

  const attempts = async (outcome: string) => sampleValue(await currentMetricSamples(), 'radar_export_attempts_total', { outcome }) ?? 0;
  const outcomes = async () => ({ completed: await attempts('completed'), retrying: await attempts('retrying'), failed: await attempts('failed') });

  it('counts a completed export, and a failed one with its retried attempt, by outcome', async () => {
    const caller = await world().workspace(1_000);
    const before = await outcomes();
    const done = await world().create(caller, { name: 'counted', search_filters: { countries: ['Germany'] } });
    expect(done.status).toBe(201);
    expect((await world().finished(caller, done.body.export_job.id as string)).status).toBe('completed');
    expect(await outcomes()).toEqual({ ...before, completed: before.completed + 1 });

    // Object storage down: both attempts fail, the second ends the job (refunded).
    await world().s3.stop();
    try {
      const broken = await world().create(caller, { name: 'storage down', search_filters: { countries: ['Germany'] } });
      expect(broken.status).toBe(201);
      expect((await world().finished(caller, broken.body.export_job.id as string, 60_000)).status).toBe('failed');
    } finally {
      await world().s3.restart();
    }
    expect(await outcomes()).toEqual({ completed: before.completed + 1, retrying: before.retrying + 1, failed: before.failed + 1 });
  }, 90_000);
});
