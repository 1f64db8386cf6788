import { randomUUID } from 'node:crypto';
import { generateCompanies } from '@radar/dataset';
import { Bus } from '@radar/platform/nats';
import { eventually, silentLogger, testInfrastructure, testNamespace } from '@radar/platform/testing';
import { consumeExportUnlocks } from '../src/events/export-unlock.consumers';
import { callerFor, startSearch, type TestSearch } from './search-harness';

const SEED = 21;
const COUNT = 60;

/** Polls until `read` returns `expected` (events are processed asynchronously); fails after a generous deadline. */
/** Waits until `read` answers `expected`; past the deadline, fails showing the last answer. */
async function eventuallyEqual<T>(read: () => Promise<T>, expected: T): Promise<void> {
  let last: T | undefined;
  const matched = async () => {
    last = await read();
    return JSON.stringify(last) === JSON.stringify(expected);
  };
  await eventually(matched, `the value ${JSON.stringify(expected)}`).catch(() => undefined);
  expect(last).toEqual(expected);
}

describe('counts saved: companies unlocked by the workspace exports (companies.unlocked / companies.locked)', () => {
  let service: TestSearch;
  let consumer: Bus;
  let publisher: Bus;
  const ids = [...generateCompanies({ seed: SEED, count: COUNT })].map((company) => company.company_id);

  beforeAll(async () => {
    service = await startSearch();
    await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED });
    const namespace = testNamespace();
    const logger = silentLogger();
    consumer = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'search-test', namespace, logger });
    publisher = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'export-test', namespace, logger });
    await consumer.ensureStreams();
    await consumeExportUnlocks(consumer, service.deps);
  }, 60_000);

  afterAll(async () => {
    await consumer.deleteStreams();
    await consumer.close();
    await publisher.close();
    await service.close();
  });

  const savedOf = (workspaceId: string) => async () => (await service.counts({}, callerFor(workspaceId))).body.saved as number;
  const unlock = (workspaceId: string, exportId: string, companyIds: string[], msgId = randomUUID()) =>
    publisher.publish('companies.unlocked', { workspaceId, exportId, companyIds }, { msgId });
  const lock = (workspaceId: string, exportId: string, companyIds: string[]) =>
    publisher.publish('companies.locked', { workspaceId, exportId, companyIds }, { msgId: randomUUID() });

  it('counts companies an export unlocked as saved, for that workspace only', async () => {
    const workspaceId = randomUUID();
    await unlock(workspaceId, randomUUID(), ids.slice(0, 4));
    await eventuallyEqual(savedOf(workspaceId), 4);
    expect(await savedOf(randomUUID())()).toBe(0);
  });

  it('counts only unlocked companies that match the filters', async () => {
    const workspaceId = randomUUID();
    await unlock(workspaceId, randomUUID(), ids.slice(0, 10));
    await eventuallyEqual(savedOf(workspaceId), 10);
    const { rows } = await service.pool.query<{ country: string }>('SELECT country FROM companies WHERE id = $1', [ids[0]]);
    const country = rows[0]?.country as string;
    const { rows: matching } = await service.pool.query('SELECT 1 FROM companies WHERE id = ANY($1::uuid[]) AND country = $2', [
      ids.slice(0, 10),
      country,
    ]);
    const counts = await service.counts({ countries: [country] }, callerFor(workspaceId));
    expect(counts.body.saved).toBe(matching.length);
  });

  it('changes nothing when the same unlock is delivered twice', async () => {
    const workspaceId = randomUUID();
    const exportId = randomUUID();
    await unlock(workspaceId, exportId, ids.slice(0, 3));
    await eventuallyEqual(savedOf(workspaceId), 3);
    await unlock(workspaceId, exportId, ids.slice(0, 3));
    await unlock(workspaceId, randomUUID(), ids.slice(2, 5));
    await eventuallyEqual(savedOf(workspaceId), 5);
  });

  it('forgets what a refunded export unlocked, but keeps companies another export or a list also holds', async () => {
    const workspaceId = randomUUID();
    const failedExport = randomUUID();
    await unlock(workspaceId, randomUUID(), [ids[0] as string]);
    await unlock(workspaceId, failedExport, ids.slice(0, 4));
    await service.operator('post', '/lists', { workspace_id: workspaceId, name: 'Keep', company_ids: [ids[3]] });
    await eventuallyEqual(savedOf(workspaceId), 4);
    await lock(workspaceId, failedExport, ids.slice(0, 4));
    await eventuallyEqual(savedOf(workspaceId), 2);
  });

  it('keeps an export locked when its lock arrives before its unlock', async () => {
    const workspaceId = randomUUID();
    const exportId = randomUUID();
    await lock(workspaceId, exportId, ids.slice(10, 12));
    const lockRecorded = async () => (await service.pool.query('SELECT 1 FROM locked_exports WHERE export_id = $1', [exportId])).rowCount;
    await eventuallyEqual(lockRecorded, 1);
    await unlock(workspaceId, exportId, ids.slice(10, 12));
    // Unlocks are handled in order: once the marker export counts, the late unlock was handled too.
    await unlock(workspaceId, randomUUID(), [ids[20] as string]);
    await eventuallyEqual(savedOf(workspaceId), 1);
  });
});
