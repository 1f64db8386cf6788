import { randomUUID } from 'node:crypto';
import type { EventPayload, EventSubject } from '@radar/contracts';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure } from '@radar/platform/testing';

/** Records every event of the given subjects in a test's namespace, as any consumer would receive them. */
export class EventLog {
  private readonly seen = new Map<EventSubject, unknown[]>();

  private constructor(private readonly bus: Bus) {}

  static async start(namespace: string, subjects: readonly EventSubject[]): Promise<EventLog> {
    const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'event-log', namespace, logger: silentLogger() });
    const log = new EventLog(bus);
    for (const subject of subjects) {
      log.seen.set(subject, []);
      await bus.consume(subject, { durable: `event-log-${randomUUID().slice(0, 8)}`, concurrency: 8 }, async (payload) => {
        log.seen.get(subject)!.push(payload);
      });
    }
    return log;
  }

  all<S extends EventSubject>(subject: S): EventPayload<S>[] {
    return (this.seen.get(subject) ?? []) as EventPayload<S>[];
  }

  /** Waits until `count` events of the subject match, and answers them. */
  async waitFor<S extends EventSubject>(subject: S, match: (payload: EventPayload<S>) => boolean, count = 1, timeoutMs = 10_000): Promise<EventPayload<S>[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.all(subject).filter(match);
      if (matching.length >= count) return matching;
      if (Date.now() > deadline) throw new Error(`expected ${count} ${subject} events, saw ${matching.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    await this.bus.close();
  }
}
