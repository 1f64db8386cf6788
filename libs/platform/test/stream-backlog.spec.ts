import { randomUUID } from 'node:crypto';
import { Bus, streamBacklog } from '../src/nats';
import { silentLogger, testInfrastructure, testNamespace } from '../src/testing';

describe('streamBacklog', () => {
  let bus: Bus;

  beforeAll(async () => {
    bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'stream-backlog-spec', namespace: testNamespace(), logger: silentLogger() });
  });
  afterAll(async () => {
    await bus.deleteStreams();
    await bus.close();
  });

  it('reports nothing for streams not created yet', async () => {
    expect(await streamBacklog(bus)).toEqual([]);
  });

  it("counts the messages a durable consumer has not been given yet, per stream of the bus's namespace", async () => {
    await bus.ensureStreams(['IDENTITY']);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await bus.consume('identity.token.revoked', { durable: 'backlog-spec', ackWaitMs: 30_000 }, async () => held);
    for (let i = 0; i < 3; i += 1) {
      await bus.publish('identity.token.revoked', { tokenId: randomUUID(), workspaceId: randomUUID() }, { msgId: randomUUID() });
    }
    const deadline = Date.now() + 5_000;
    let backlog = await streamBacklog(bus);
    while (backlog[0]?.ackPending !== 1 && Date.now() < deadline) backlog = await streamBacklog(bus);
    expect(backlog).toEqual([{ stream: 'IDENTITY', consumer: 'backlog-spec', pending: 2, ackPending: 1 }]);
    release();
  });
});
