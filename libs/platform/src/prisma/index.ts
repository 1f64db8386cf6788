export { applyMigrations, dropDatabase, ensureDatabase, pendingMigrations, prepareDatabase, type MigrationResult } from './migrations';
export { waitForMigrations } from './wait-for-migrations';
