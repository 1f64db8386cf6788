import { readFile } from 'node:fs/promises';
import path from 'node:path';

const canonical = (file: string) => readFile(path.join(__dirname, '../../../libs/platform/src/outbox/schema', file), 'utf8');
const own = (file: string) => readFile(path.join(__dirname, '../prisma', file), 'utf8');

describe("webhook-dispatch's outbox table", () => {
  it("is the platform's canonical one, model and migration", async () => {
    expect(await own('migrations/20261125120001_outbox/migration.sql')).toBe(await canonical('migrations/0001_outbox/migration.sql'));
    expect(await own('schema.prisma')).toContain((await canonical('outbox.prisma')).trimEnd());
  });
});
