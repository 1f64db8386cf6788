export { applyMigrations, dropDatabase, ensureDatabase, prepareDatabase, type MigrationResult } from './migrations';
