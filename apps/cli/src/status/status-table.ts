import { INFRASTRUCTURE, type StackStatus } from '@radar/contracts';

/** Columns padded to their widest cell, two spaces apart. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const dash = (value: string | null): string => value ?? '-';

/** Only consumers and queues with something waiting are listed, with a count of those that are empty. */
function backlog(title: string, header: string[], rows: { cells: string[]; waiting: number }[]): string {
  const waiting = rows.filter((row) => row.waiting > 0);
  const idle = rows.length - waiting.length;
  const summary = `${title}: ${waiting.length === 0 ? 'nothing waiting' : `${waiting.length} with messages waiting`}${idle > 0 && waiting.length > 0 ? `, ${idle} empty` : ''}`;
  return waiting.length === 0 ? summary : `${summary}\n${table(header, waiting.map((row) => row.cells))}`;
}

/** `radar status` for a person at a terminal: services, infrastructure, then what is waiting. */
export function formatStatusTable(status: StackStatus): string {
  const services = table(
    ['SERVICE', 'STATE', 'VERSION', 'DATA', 'PROBLEM'],
    status.services.map((service) => [service.name, service.state, dash(service.version), dash(service.data_version), dash(service.error)]),
  );
  const infrastructure = table(
    ['INFRASTRUCTURE', 'STATE', 'SEEN BY', 'PROBLEM'],
    status.infrastructure.map((entry) => [INFRASTRUCTURE[entry.name], entry.state, entry.seen_by.join(', ') || '-', dash(entry.error)]),
  );
  const streams = backlog(
    'JetStream consumers',
    ['STREAM', 'CONSUMER', 'PENDING', 'UNACKED'],
    status.streams.map((entry) => ({ cells: [entry.stream, entry.consumer, String(entry.pending), String(entry.ack_pending)], waiting: entry.pending + entry.ack_pending })),
  );
  const queues = backlog(
    'RabbitMQ queues',
    ['QUEUE', 'SERVICE', 'MESSAGES', 'CONSUMERS'],
    status.queues.map((entry) => ({ cells: [entry.queue, entry.service, String(entry.messages), String(entry.consumers)], waiting: entry.messages })),
  );
  const verdict = status.ok ? 'Radar is healthy.' : 'Radar is NOT healthy: see the states above.';
  return `${services}\n\n${infrastructure}\n\n${streams}\n${queues}\n\n${verdict} (checked ${status.checked_at})\n`;
}
