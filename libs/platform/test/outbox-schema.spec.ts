import { mkdtemp, readFile, rm, writeFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findSchemaDrift } from '../src/testing';

const SCHEMA_DIR = path.join(__dirname, '../src/outbox/schema');
const canonical = (file: string) => readFile(path.join(SCHEMA_DIR, file), 'utf8');
const CANONICAL_FILES = ['outbox.prisma', 'migrations/0001_outbox/migration.sql', 'inbox.prisma', 'migrations/0002_inbox/migration.sql', 'migrations/0003_outbox_unpublished_index/migration.sql'];

describe('the canonical outbox and inbox tables', () => {
  it('are what Prisma makes of the models: the SQL and the models agree column by column', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'radar-outbox-schema-'));
    try {
      const header = 'generator client {\n  provider = "prisma-client"\n  output   = "./generated"\n}\n\ndatasource db {\n  provider = "postgresql"\n}\n';
      await writeFile(path.join(dir, 'schema.prisma'), [header, await canonical('outbox.prisma'), await canonical('inbox.prisma')].join('\n'));
      await cp(path.join(SCHEMA_DIR, 'migrations'), path.join(dir, 'migrations'), { recursive: true });
      await expect(findSchemaDrift(dir)).resolves.toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('are shown in the schema folder\'s README exactly as services must copy them', async () => {
    const docs = await readFile(path.join(SCHEMA_DIR, 'README.md'), 'utf8');
    for (const file of CANONICAL_FILES) expect(docs).toContain((await canonical(file)).trimEnd());
  });
});
