export { OUTBOX_CHANNEL, OUTBOX_TABLE, INBOX_TABLE } from './outbox-tables';
export { writeOutboxEvent, writeOutboxEvents, type AnyOutboxEvent, type OutboxEvent } from './write-outbox-event';
export { OutboxRelay, DEFAULT_OUTBOX_RELAY_SETTINGS, type OutboxRelayDeps, type OutboxRelaySettings } from './outbox-relay';
export { runOnce, pruneInbox, type RunOnceOutcome } from './run-once';
export { type TransactionConnection } from './transaction-connection';
