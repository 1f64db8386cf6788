import { OPERATOR_STATUS_ROUTES, stackStatusSchema, type StackStatus } from '@radar/contracts';
import { CliError, EXIT } from '../cli-error';
import type { NounSpec } from '../command-spec';
import { operatorRequest } from '../operator-request';
import { writeResult } from '../output';
import { formatStatusTable } from '../status/status-table';

/** One sentence naming what is wrong, for the error radar prints when the stack is not healthy. */
function problems(status: StackStatus): string {
  const services = status.services.filter((service) => service.state === 'down' || service.state === 'not_ready').map((service) => `${service.name} ${service.state}`);
  const infrastructure = status.infrastructure.filter((entry) => entry.state === 'down').map((entry) => `${entry.name} down`);
  return [...services, ...infrastructure].join(', ');
}

/**
 * `radar status`: the gateway asks every service (readiness, version, data version), the
 * infrastructure as they see it, the JetStream backlog and the RabbitMQ queues. A table on a
 * terminal, the JSON document otherwise; exits 1 when something is down.
 */
export const statusCommands: NounSpec = {
  name: 'status',
  summary: "The stack's health: every service, the infrastructure, queue and stream lag",
  verbs: [
    {
      name: 'show',
      isDefault: true,
      summary: 'Every service (ready, version, data version), PostgreSQL, NATS, Redis, RabbitMQ and object storage, JetStream and queue backlog. Exits 1 when something is down',
      flags: [],
      examples: ['radar status', 'radar status show --json'],
      run: async (context) => {
        const status = await context
          .client()
          .send(operatorRequest(OPERATOR_STATUS_ROUTES.stackStatus, { result: stackStatusSchema }));
        if (context.stdout.isTTY && !context.jsonOnly) context.stdout.write(formatStatusTable(status));
        else writeResult(context.stdout, status);
        if (!status.ok) throw new CliError('STACK_UNHEALTHY', `Not healthy: ${problems(status) || 'see the status document'}`);
        return EXIT.ok;
      },
    },
  ],
};
