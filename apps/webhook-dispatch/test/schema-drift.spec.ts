import path from 'node:path';
import { findSchemaDrift } from '@radar/platform/testing';

it('builds, from the committed migrations, exactly the database schema.prisma describes', async () => {
  expect(await findSchemaDrift(path.join(__dirname, '../prisma'))).toEqual([]);
});
