import { randomUUID } from 'node:crypto';
import { Bus } from '@radar/platform/nats';
import { checkCompletionFor, silentLogger, testInfrastructure, type CheckOutcome, type CheckRequest } from '@radar/platform/testing';

export type CheckAnswer =
  | CheckOutcome
  /** No answer at all: signal-ingest is down, or lost the check. */
  | { status: 'silent' };

/**
 * A stand-in for signal-ingest's check side, for run tests that must not depend on it: it
 * consumes `signal.check.requested` from the bus and answers `signal.check.completed` as
 * `decide` says. (tools/e2e/test/monitor-run.spec.ts runs the real signal-ingest and provider.)
 */
export class CheckResponder {
  readonly requests: CheckRequest[] = [];

  private constructor(private readonly bus: Bus) {}

  static async start(namespace: string, decide: (request: CheckRequest) => CheckAnswer = () => ({ status: 'success' })): Promise<CheckResponder> {
    const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'check-responder', namespace, logger: silentLogger() });
    const responder = new CheckResponder(bus);
    await bus.consume('signal.check.requested', { durable: `check-responder-${randomUUID().slice(0, 8)}`, concurrency: 16 }, async (request) => {
      responder.requests.push(request);
      const answer = decide(request);
      if (answer.status === 'silent') return;
      await bus.publish('signal.check.completed', checkCompletionFor(request, answer), { msgId: `signal.check.completed:${request.checkId}` });
    });
    return responder;
  }

  /** Requests seen for one run, by check id (redeliveries counted once). */
  requestsOf(runId: string): CheckRequest[] {
    return [...new Map(this.requests.filter((request) => request.runId === runId).map((request) => [request.checkId, request])).values()];
  }

  async stop(): Promise<void> {
    await this.bus.close();
  }
}
