import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readDatabaseSchema } from '../src/testing/database-schema';
import { loadPrismaDatamodel, type PrismaDatamodel } from '../src/testing/prisma-datamodel';
import { compareSchemas, findSchemaDrift } from '../src/testing/schema-drift';
import { createTestDatabase } from '../src/testing';

// A schema that uses what the services use: mapped names, enums (with mapped values), lists,
// native types, generated defaults, compound keys, sorted indexes, relations and an
// Unsupported column; and the migration Prisma would write for it.
const SCHEMA = `
generator client {
  provider = "prisma-client"
  output   = "../generated"
}

datasource db {
  provider = "postgresql"
}

enum Plan {
  free
  paidMonthly @map("paid_monthly")

  @@map("plan")
}

model Account {
  id          String    @id @default(uuid()) @db.Uuid
  seq         BigInt    @unique @default(autoincrement())
  name        String    @db.VarChar(255)
  slug        String    @db.Char(8)
  plan        Plan      @default(free)
  credits     Int       @default(0) @db.SmallInt
  price       Decimal   @db.Decimal(10, 2)
  active      Boolean   @default(true)
  tags        String[]  @default([])
  settings    Json?
  openedOn    DateTime? @map("opened_on") @db.Date
  createdAt   DateTime  @default(now()) @map("created_at") @db.Timestamptz(3)
  updatedAt   DateTime  @updatedAt @map("updated_at")
  searchText  Unsupported("tsvector")? @map("search_text")
  members     Member[]
  invitations Invitation[]

  @@unique([name, plan])
  @@index([plan, createdAt(sort: Desc)])
  @@map("accounts")
}

model Member {
  accountId String  @map("account_id") @db.Uuid
  email     String
  role      String  @default("viewer")
  account   Account @relation(fields: [accountId], references: [id], onDelete: Cascade)

  @@id([accountId, email])
  @@map("members")
}

model Invitation {
  id        Int      @id @default(autoincrement())
  accountId String?  @map("account_id") @db.Uuid
  account   Account? @relation(fields: [accountId], references: [id])

  @@index([accountId], map: "invitations_by_account")
  @@map("invitations")
}
`;

const MIGRATION = `
CREATE TYPE "plan" AS ENUM ('free', 'paid_monthly');

CREATE TABLE "accounts" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "slug" CHAR(8) NOT NULL,
    "plan" "plan" NOT NULL DEFAULT 'free',
    "credits" SMALLINT NOT NULL DEFAULT 0,
    "price" DECIMAL(10,2) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "settings" JSONB,
    "opened_on" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "search_text" TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name")) STORED,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "members" (
    "account_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'viewer',

    CONSTRAINT "members_pkey" PRIMARY KEY ("account_id", "email")
);

CREATE TABLE "invitations" (
    "id" SERIAL NOT NULL,
    "account_id" UUID,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "accounts_seq_key" ON "accounts"("seq");
CREATE UNIQUE INDEX "accounts_name_plan_key" ON "accounts"("name", "plan");
CREATE INDEX "accounts_plan_created_at_idx" ON "accounts"("plan", "created_at" DESC);
CREATE INDEX "invitations_by_account" ON "invitations"("account_id");
-- Only the SQL can say this; it is not drift.
CREATE INDEX "accounts_lower_name_idx" ON "accounts"(lower("name"));

ALTER TABLE "members" ADD CONSTRAINT "members_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
`;

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A prisma folder as the services have it: schema.prisma and migrations/<name>/migration.sql. */
async function prismaDir(schema: string, ...migrations: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'radar-schema-drift-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'schema.prisma'), schema);
  for (const [i, sql] of migrations.entries()) {
    const name = path.join(dir, 'migrations', `2026010${i + 1}000000_step`);
    await mkdir(name, { recursive: true });
    await writeFile(path.join(name, 'migration.sql'), sql);
  }
  return dir;
}

/** The baseline migration with one piece of text replaced (which must be there). */
function changed(from: string, to: string): string {
  if (!MIGRATION.includes(from)) throw new Error(`the baseline migration has no ${from}`);
  return MIGRATION.replace(from, to);
}

describe('findSchemaDrift', () => {
  it('finds nothing when the migrations build what the schema describes', async () => {
    expect(await findSchemaDrift(await prismaDir(SCHEMA, MIGRATION))).toEqual([]);
  });

  it('names a column the migrations never add, and one they add that the schema lacks', async () => {
    const withoutOpenedOn = changed(`    "opened_on" DATE,\n`, '');
    const later = 'ALTER TABLE "accounts" ADD COLUMN "closed_on" DATE;';

    expect(await findSchemaDrift(await prismaDir(SCHEMA, withoutOpenedOn, later))).toEqual([
      'column "accounts"."opened_on": in the schema (Account.openedOn), not in the migrations',
      'column "accounts"."closed_on": in the migrations, not in the schema',
    ]);
  });
});

describe('compareSchemas', () => {
  let datamodel: PrismaDatamodel;

  beforeAll(async () => {
    datamodel = await loadPrismaDatamodel(path.join(await prismaDir(SCHEMA), 'schema.prisma'));
  });

  async function driftOf(migration: string): Promise<string[]> {
    const database = await createTestDatabase('platform_schema_drift', path.join(await prismaDir(SCHEMA, migration), 'migrations'));
    try {
      return compareSchemas(datamodel, await readDatabaseSchema(database.url));
    } finally {
      await database.drop();
    }
  }

  it.each([
    [
      'a wrong type',
      changed('"name" VARCHAR(255) NOT NULL', '"name" TEXT NOT NULL'),
      ['column "accounts"."name": type character varying(255) in the schema, text in the migrations'],
    ],
    [
      'a single value where the schema says a list, and defaults that are missing or differ',
      changed('"tags" TEXT[] DEFAULT ARRAY[]::TEXT[]', '"tags" TEXT').replace(
        '"role" TEXT NOT NULL DEFAULT \'viewer\'',
        '"role" TEXT NOT NULL DEFAULT \'owner\'',
      ),
      [
        'column "accounts"."tags": type text[] in the schema, text in the migrations',
        'column "accounts"."tags": default [] in the schema, none in the migrations',
        "column \"members\".\"role\": default 'viewer' in the schema, 'owner' in the migrations",
      ],
    ],
    [
      'a missing unique index',
      changed('CREATE UNIQUE INDEX "accounts_seq_key" ON "accounts"("seq");', ''),
      ['unique index on "accounts" (seq): in the schema, not in the migrations'],
    ],
    [
      'a unique index the schema does not declare',
      `${MIGRATION}\nCREATE UNIQUE INDEX "members_email_key" ON "members"("email");`,
      ['unique index "members_email_key" on "members" (email): in the migrations, not in the schema'],
    ],
    [
      'timestamp without time zone where the schema says @db.Timestamptz',
      changed('"created_at" TIMESTAMPTZ(3)', '"created_at" TIMESTAMP(3)'),
      ['column "accounts"."created_at": type timestamp(3) with time zone in the schema, timestamp(3) without time zone in the migrations'],
    ],
    [
      'an integer where the schema says BigInt, and a database default for a uuid the client makes',
      changed('"seq" BIGSERIAL NOT NULL', '"seq" SERIAL NOT NULL').replace('"id" UUID NOT NULL,\n    "seq"', '"id" UUID NOT NULL DEFAULT gen_random_uuid(),\n    "seq"'),
      [
        'column "accounts"."id": default none in the schema, gen_random_uuid() in the migrations',
        'column "accounts"."seq": type bigint in the schema, integer in the migrations',
      ],
    ],
    [
      'a nullable column the schema requires, and a default that differs',
      changed('"slug" CHAR(8) NOT NULL', '"slug" CHAR(8)').replace('"credits" SMALLINT NOT NULL DEFAULT 0', '"credits" SMALLINT NOT NULL DEFAULT 10'),
      ['column "accounts"."slug": not null in the schema, nullable in the migrations', 'column "accounts"."credits": default 0 in the schema, 10 in the migrations'],
    ],
    [
      'a column of text where the schema says the enum, and an enum without one value',
      changed(`CREATE TYPE "plan" AS ENUM ('free', 'paid_monthly');`, `CREATE TYPE "plan" AS ENUM ('free');`).replace(`"plan" "plan" NOT NULL DEFAULT 'free'`, `"plan" TEXT NOT NULL DEFAULT 'free'`),
      ['column "accounts"."plan": type enum plan in the schema, text in the migrations', 'enum "plan": values (free, paid_monthly) in the schema, (free) in the migrations'],
    ],
    [
      'a table under its model name instead of its @@map name',
      changed('CREATE TABLE "members"', 'CREATE TABLE "Member"').replace('ALTER TABLE "members"', 'ALTER TABLE "Member"').replace('CONSTRAINT "members_pkey"', 'CONSTRAINT "Member_pkey"'),
      ['table "members" (model Member): in the schema, not in the migrations', 'table "Member": in the migrations, not in the schema'],
    ],
    [
      'a foreign key that restricts where the schema cascades, and one missing',
      changed('REFERENCES "accounts"("id") ON DELETE CASCADE', 'REFERENCES "accounts"("id") ON DELETE RESTRICT').replace(/ALTER TABLE "invitations" ADD CONSTRAINT .*;/, ''),
      [
        'foreign key "members" (account_id) -> "accounts" (id): on delete Cascade in the schema, Restrict in the migrations',
        'foreign key "invitations" (account_id) -> "accounts" (id): in the schema, not in the migrations',
      ],
    ],
    [
      'an index in ascending order where the schema sorts descending, and a mapped index under another name',
      changed('"created_at" DESC)', '"created_at")').replace('"invitations_by_account"', '"invitations_account_id_idx"'),
      [
        'index on "accounts" (plan, created_at DESC): in the schema, not in the migrations',
        'index "invitations_by_account" on "invitations" (account_id): in the schema, not in the migrations',
      ],
    ],
    [
      'a different primary key, and an Unsupported column of another type',
      changed('PRIMARY KEY ("account_id", "email")', 'PRIMARY KEY ("email")').replace(
        `"search_text" TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name")) STORED`,
        '"search_text" TEXT',
      ),
      [
        'column "accounts"."search_text": type tsvector in the schema, text in the migrations',
        'primary key of "members": (account_id, email) in the schema, (email) in the migrations',
      ],
    ],
  ])('names %s', async (_case, migration, expected) => {
    expect(await driftOf(migration)).toEqual(expected);
  });
});
