import type { CompanyDetail } from '@radar/contracts';
import { companyBatches } from './company-batches';

const detail = (id: string) => ({ company_id: id }) as CompanyDetail;

describe('companyBatches', () => {
  it('hands on every company in order, a batch at a time, reporting progress after each', async () => {
    const ids = Array.from({ length: 23 }, (_, i) => `id-${i}`);
    const progress: number[] = [];
    const seen: string[] = [];
    for await (const batch of companyBatches(ids, { batchSize: 5, readAhead: 2 }, async (slice) => slice.map(detail), async (done) => {
      progress.push(done);
    })) {
      seen.push(...batch.map((company) => company.company_id));
    }
    expect(seen).toEqual(ids);
    expect(progress).toEqual([5, 10, 15, 20, 23]);
  });

  it('asks for at most readAhead batches beyond the one being written', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `id-${i}`);
    let asked = 0;
    let handedOn = 0;
    let mostAhead = 0;
    const batches = companyBatches(ids, { batchSize: 5, readAhead: 2 }, async (slice) => {
      asked += 1;
      mostAhead = Math.max(mostAhead, asked - handedOn);
      return slice.map(detail);
    }, async () => undefined);
    for await (const _batch of batches) {
      handedOn += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(asked).toBe(10);
    expect(mostAhead).toBeLessThanOrEqual(3);
    expect(mostAhead).toBeGreaterThanOrEqual(2);
  });

  it('passes on a failed read when its batch is due', async () => {
    const ids = Array.from({ length: 15 }, (_, i) => `id-${i}`);
    const batches = companyBatches(ids, { batchSize: 5, readAhead: 1 }, async (slice) => {
      if (slice[0] === 'id-10') throw new Error('search is gone');
      return slice.map(detail);
    }, async () => undefined);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of batches) seen.push(batch.length);
      })(),
    ).rejects.toThrow('search is gone');
    expect(seen).toEqual([5, 5]);
  });
});
