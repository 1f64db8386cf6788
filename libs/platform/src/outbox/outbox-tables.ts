/**
 * The tables every service that uses the outbox or the inbox adds to its own schema, from the
 * canonical model and migration in ./schema (its README says how to copy them).
 */
export const OUTBOX_TABLE = 'outbox_events';
export const INBOX_TABLE = 'inbox_messages';

/** The LISTEN/NOTIFY channel on which a committed outbox write wakes the relays of its database. */
export const OUTBOX_CHANNEL = 'outbox_events';
