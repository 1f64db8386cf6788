export { applyMigrations, dropDatabase, ensureDatabase, type MigrationResult } from './migrations';
