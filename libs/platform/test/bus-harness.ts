import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { EventPayload } from '@radar/contracts';
import { Bus } from '../src/nats';
import { silentLogger, testInfrastructure } from '../src/testing';

export const revoked = (): EventPayload<'identity.token.revoked'> => ({ tokenId: randomUUID(), workspaceId: randomUUID() });

/** The stream name Bus derives for a contracts stream in a namespace. */
export const streamIn = (namespace: string, stream: string) => `${namespace.replace(/[^A-Za-z0-9_-]/g, '_')}${stream}`;

/**
 * Buses opened by a test file; `closeAll` deletes their namespaces' streams (through the first
 * bus opened in each namespace, which should be one connected directly) and closes them.
 */
export function busPool() {
  const opened: { bus: Bus; namespace: string }[] = [];
  return {
    async open(namespace: string, logger: Logger = silentLogger(), url = testInfrastructure.natsUrl): Promise<Bus> {
      const bus = await Bus.connect({ url, name: 'platform-spec', namespace, logger });
      opened.push({ bus, namespace });
      return bus;
    },
    async closeAll(): Promise<void> {
      const cleaned = new Set<string>();
      for (const { bus, namespace } of opened) {
        if (!cleaned.has(namespace)) {
          cleaned.add(namespace);
          await bus.deleteStreams();
        }
      }
      for (const { bus } of opened.splice(0)) await bus.close();
    },
  };
}

/** Collects what a handler receives and lets a test await the n-th arrival. */
export function inbox<T>() {
  const items: T[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const waiter of waiters.filter((w) => items.length >= w.count)) waiter.resolve();
    },
    until(count: number): Promise<T[]> {
      if (items.length >= count) return Promise.resolve(items);
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(items) }));
    },
  };
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger that keeps its lines, for tests of what gets logged. */
export function capturingLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

export const PINO_ERROR = 50;

/** A gate a handler waits at until the test opens it. */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Records unhandled rejections while a test runs: none may escape the bus. */
export function watchUnhandledRejections() {
  const rejections: unknown[] = [];
  const listener = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', listener);
  return { rejections, stop: () => process.off('unhandledRejection', listener) };
}
