import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { RabbitMq, type RabbitMqOptions } from '../src/rabbitmq';
import { testInfrastructure, testNamespace } from '../src/testing';

describe('RabbitMq.queueDepths', () => {
  let rabbit: RabbitMq;
  let options: RabbitMqOptions;

  beforeAll(async () => {
    options = {
      url: testInfrastructure.amqpUrl,
      name: 'platform-queue-depths-spec',
      prefix: testNamespace(),
      logger: pino({ level: 'silent' }),
      queues: { 'delivery.webhook': { retryDelaysMs: [1_000, 60_000] } },
    };
    rabbit = await RabbitMq.connect(options);
  });
  afterAll(async () => {
    await rabbit.close({ graceMs: 0 });
    await RabbitMq.deleteTopology(options);
  });

  it('counts the messages waiting in the work, delay and dead-letter queues of each configured queue', async () => {
    await rabbit.publish('delivery.webhook', { deliveryId: randomUUID() });
    await rabbit.publish('delivery.webhook', { deliveryId: randomUUID() });
    const topology = rabbit.topologyOf('delivery.webhook');
    const depths = await rabbit.queueDepths();
    expect(depths).toEqual([
      { queue: topology.workQueue, messages: 2, consumers: 0 },
      ...topology.delayQueues.map((delay) => ({ queue: delay.queue, messages: 0, consumers: 0 })),
      { queue: topology.deadLetterQueue, messages: 0, consumers: 0 },
    ]);
    expect(topology.delayQueues).toHaveLength(2);
  });
});
