import path from 'node:path';
import { findSchemaDrift } from '@radar/platform/testing';

it('has migrations that build exactly the tables, columns, keys, indexes and enums its Prisma schema describes', async () => {
  expect(await findSchemaDrift(path.join(__dirname, '../prisma'))).toEqual([]);
});
