import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const rabbitmqctl = (args: string[]) =>
  promisify(execFile)('rabbitmqctl', [...(process.env.TEST_RABBITMQ_NODE ? ['-n', process.env.TEST_RABBITMQ_NODE] : []), ...args], { timeout: 30_000 });

export interface BrokerConnections {
  /** How many connections carry the name. */
  readonly count: number;
  /** RabbitMQ forcibly closes them (the client gets CONNECTION_FORCED). */
  forceClose(reason?: string): Promise<void>;
}

/**
 * The broker connections its clients named `connectionName`, found ahead (listing takes
 * rabbitmqctl a second) so a test can have them closed at the moment it chooses. Closing them
 * (`rabbitmqctl close_connection`) is what `close_all_connections` or the management API does,
 * for these connections only, so test suites running alongside keep theirs. Needs rabbitmqctl
 * with access to the broker (root on these machines; TEST_RABBITMQ_NODE names another node).
 */
export async function brokerConnectionsNamed(connectionName: string): Promise<BrokerConnections> {
  const { stdout } = await rabbitmqctl(['list_connections', 'pid', 'client_properties', '--quiet', '--no-table-headers']);
  const named = `{"connection_name",${JSON.stringify(connectionName)}}`;
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes(named))
    .map((line) => line.split('\t')[0]!.trim());
  return {
    count: pids.length,
    async forceClose(reason = 'closed by a test') {
      await Promise.all(pids.map((pid) => rabbitmqctl(['close_connection', pid, reason, '--quiet'])));
    },
  };
}
