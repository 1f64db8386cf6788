import path from 'node:path';
import { defaultsAgree, describeDefault, expectedColumnType, expectedDefault, parseDatabaseDefault, type ColumnDefault } from './column-expectations';
import { readDatabaseSchema, type DatabaseColumn, type DatabaseSchema, type DatabaseTable, type ReferentialAction } from './database-schema';
import { loadPrismaDatamodel, type DmmfModel, type PrismaDatamodel } from './prisma-datamodel';
import { createTestDatabase } from './test-database';

/**
 * The differences between a service's schema.prisma and the database its committed migrations
 * build, one sentence each; empty when they agree. `prismaDir` holds `schema.prisma` and
 * `migrations/<name>/migration.sql`. Every service has a spec that expects this to be empty.
 *
 * `prisma migrate diff` would say the same but needs Prisma's native schema engine, which
 * cannot be installed everywhere we test. So the migrations are applied to a fresh database,
 * read back from pg_catalog, and compared with the schema as Prisma itself parses it.
 */
export async function findSchemaDrift(prismaDir: string): Promise<string[]> {
  const [datamodel, database] = await Promise.all([
    loadPrismaDatamodel(path.join(prismaDir, 'schema.prisma')),
    createTestDatabase('schema_drift', path.join(prismaDir, 'migrations')),
  ]);
  try {
    return compareSchemas(datamodel, await readDatabaseSchema(database.url));
  } finally {
    await database.drop();
  }
}

/**
 * Compares what the schema describes with what the migrations built: tables, columns (type,
 * nullability, default), primary keys, unique indexes, the schema's other indexes, foreign keys
 * (columns and actions) and enums. Deliberately not differences: indexes that only the SQL
 * has and that are not unique (expression, trigram and other indexes Prisma cannot express
 * live there by design), unique indexes on expressions or with a predicate (Prisma cannot
 * declare them), constraint names unless the schema maps one, the nullability of list columns
 * (Prisma has no way to say it), the text of a `dbgenerated(...)` default (any default
 * satisfies it), CHECK constraints, collations, triggers, functions and sequences.
 */
export function compareSchemas(datamodel: PrismaDatamodel, database: DatabaseSchema): string[] {
  const differences: string[] = [];
  const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
  const modelsByName = new Map(datamodel.models.map((model) => [model.name, model]));
  const tablesByName = new Map(database.tables.map((table) => [table.name, table]));

  for (const model of datamodel.models) {
    const table = tablesByName.get(tableOf(model));
    if (!table) {
      differences.push(`table "${tableOf(model)}" (model ${model.name}): in the schema, not in the migrations`);
      continue;
    }
    differences.push(...compareColumns(model, table, datamodel), ...compareIndexes(model, table, datamodel), ...compareForeignKeys(model, table, modelsByName));
  }
  const modelTables = new Set(datamodel.models.map(tableOf));
  for (const table of database.tables) {
    if (!modelTables.has(table.name)) differences.push(`table "${table.name}": in the migrations, not in the schema`);
  }
  differences.push(...compareEnums(datamodel, database));
  return differences;
}

const columnNameOf = (model: DmmfModel, fieldName: string): string => {
  const field = model.fields.find((candidate) => candidate.name === fieldName);
  return field?.dbName ?? fieldName;
};

const list = (names: readonly string[]) => `(${names.join(', ')})`;

function describeColumnType(column: DatabaseColumn): string {
  return column.enumType ? `enum ${column.enumType}${column.isArray ? '[]' : ''}` : column.type;
}

function compareColumns(model: DmmfModel, table: DatabaseTable, datamodel: PrismaDatamodel): string[] {
  const differences: string[] = [];
  const enumsByName = new Map(datamodel.enums.map((enumeration) => [enumeration.name, enumeration.dbName ?? enumeration.name]));
  const columns = new Map(table.columns.map((column) => [column.name, column]));
  const declared = new Set<string>();
  const at = (columnName: string) => `column "${table.name}"."${columnName}"`;

  const check = (
    fieldName: string,
    columnName: string,
    expected: { type: string; nullable: boolean | undefined; default: ColumnDefault | undefined; scalarType: string },
    sameType: (column: DatabaseColumn) => boolean,
  ) => {
    declared.add(columnName);
    const column = columns.get(columnName);
    if (!column) {
      differences.push(`${at(columnName)}: in the schema (${model.name}.${fieldName}), not in the migrations`);
      return;
    }
    if (!sameType(column)) differences.push(`${at(columnName)}: type ${expected.type} in the schema, ${describeColumnType(column)} in the migrations`);
    if (expected.nullable !== undefined && expected.nullable !== column.nullable) {
      const word = (nullable: boolean) => (nullable ? 'nullable' : 'not null');
      differences.push(`${at(columnName)}: ${word(expected.nullable)} in the schema, ${word(column.nullable)} in the migrations`);
    }
    const actualDefault = column.default === undefined ? undefined : parseDatabaseDefault(column.default, expected.scalarType);
    if (!defaultsAgree(expected.default, actualDefault)) {
      differences.push(`${at(columnName)}: default ${describeDefault(expected.default)} in the schema, ${describeDefault(actualDefault)} in the migrations`);
    }
  };

  for (const field of model.fields) {
    if (field.kind === 'object') continue;
    // Prisma cannot say whether a list column is nullable: only a scalar's `?` is compared.
    const nullable = field.isList ? undefined : !field.isRequired;
    const columnName = field.dbName ?? field.name;
    if (field.kind === 'enum') {
      const enumType = enumsByName.get(field.type) ?? field.type;
      const type = `enum ${enumType}${field.isList ? '[]' : ''}`;
      check(field.name, columnName, { type, nullable, default: expectedDefault(field), scalarType: field.type }, (column) => column.enumType === enumType && column.isArray === field.isList);
    } else {
      const type = expectedColumnType(field);
      check(field.name, columnName, { type, nullable, default: expectedDefault(field), scalarType: field.type }, (column) => column.type === type);
    }
  }
  for (const field of datamodel.unsupportedFields.filter((candidate) => candidate.model === model.name)) {
    const type = `${field.sqlType}${field.isList ? '[]' : ''}`;
    const normalized = (text: string) => text.replace(/\s+/g, '').toLowerCase();
    check(
      field.name,
      field.dbName ?? field.name,
      { type, nullable: field.isList ? undefined : !field.isRequired, default: undefined, scalarType: 'Unsupported' },
      (column) => normalized(column.type) === normalized(type),
    );
  }
  for (const column of table.columns) {
    if (!declared.has(column.name)) differences.push(`${at(column.name)}: in the migrations, not in the schema`);
  }
  return differences;
}

function compareIndexes(model: DmmfModel, table: DatabaseTable, datamodel: PrismaDatamodel): string[] {
  const differences: string[] = [];
  const sameColumns = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((name, i) => name === b[i]);
  const declaredUnique: string[][] = [];

  for (const index of datamodel.indexes.filter((candidate) => candidate.model === model.name)) {
    const columns = index.fields.map((field) => `${columnNameOf(model, field.name)}${field.sortOrder === 'desc' ? ' DESC' : ''}`);
    const named = index.dbName ? ` "${index.dbName}"` : '';
    const nameAgrees = (name: string) => !index.dbName || index.dbName === name;
    if (index.type === 'id') {
      const primary = table.indexes.find((candidate) => candidate.primary);
      if (!primary || !sameColumns(primary.columns, columns)) {
        differences.push(`primary key of "${table.name}": ${list(columns)} in the schema, ${primary?.columns ? list(primary.columns) : 'none'} in the migrations`);
      } else if (!nameAgrees(primary.name)) {
        differences.push(`primary key of "${table.name}": named "${index.dbName}" in the schema, "${primary.name}" in the migrations`);
      }
    } else if (index.type === 'unique') {
      declaredUnique.push(columns);
      const found = table.indexes.find((candidate) => candidate.unique && !candidate.primary && sameColumns(candidate.columns, columns) && nameAgrees(candidate.name));
      if (!found) differences.push(`unique index${named} on "${table.name}" ${list(columns)}: in the schema, not in the migrations`);
    } else {
      const method = (index.algorithm ?? 'BTree').toLowerCase();
      const found = table.indexes.find(
        (candidate) => !candidate.unique && !candidate.primary && candidate.method === method && sameColumns(candidate.columns, columns) && nameAgrees(candidate.name),
      );
      const using = method === 'btree' ? '' : ` using ${method}`;
      if (!found) differences.push(`index${named} on "${table.name}" ${list(columns)}${using}: in the schema, not in the migrations`);
    }
  }
  for (const index of table.indexes) {
    // Unique indexes on expressions or with a predicate cannot be declared in the schema.
    if (!index.unique || index.primary || !index.columns) continue;
    if (!declaredUnique.some((columns) => sameColumns(index.columns, columns))) {
      differences.push(`unique index "${index.name}" on "${table.name}" ${list(index.columns)}: in the migrations, not in the schema`);
    }
  }
  return differences;
}

function compareForeignKeys(model: DmmfModel, table: DatabaseTable, modelsByName: Map<string, DmmfModel>): string[] {
  const differences: string[] = [];
  const matched = new Set<string>();
  for (const field of model.fields) {
    if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
    const target = modelsByName.get(field.type);
    if (!target) continue;
    const columns = field.relationFromFields.map((name) => columnNameOf(model, name));
    const referencedTable = target.dbName ?? target.name;
    const referencedColumns = (field.relationToFields ?? []).map((name) => columnNameOf(target, name));
    const label = `foreign key "${table.name}" ${list(columns)} -> "${referencedTable}" ${list(referencedColumns)}`;
    const found = table.foreignKeys.find(
      (key) =>
        key.referencedTable === referencedTable &&
        key.columns.join() === columns.join() &&
        key.referencedColumns.join() === referencedColumns.join(),
    );
    if (!found) {
      differences.push(`${label}: in the schema, not in the migrations`);
      continue;
    }
    matched.add(found.name);
    // Prisma's defaults: a required relation restricts deletes, an optional one sets null; updates cascade.
    const fromFieldsRequired = field.relationFromFields.every((name) => model.fields.find((candidate) => candidate.name === name)?.isRequired);
    const onDelete: ReferentialAction = field.relationOnDelete ?? (fromFieldsRequired ? 'Restrict' : 'SetNull');
    const onUpdate: ReferentialAction = field.relationOnUpdate ?? 'Cascade';
    if (found.onDelete !== onDelete) differences.push(`${label}: on delete ${onDelete} in the schema, ${found.onDelete} in the migrations`);
    if (found.onUpdate !== onUpdate) differences.push(`${label}: on update ${onUpdate} in the schema, ${found.onUpdate} in the migrations`);
  }
  for (const key of table.foreignKeys) {
    if (!matched.has(key.name)) {
      differences.push(`foreign key "${table.name}" ${list(key.columns)} -> "${key.referencedTable}" ${list(key.referencedColumns)}: in the migrations, not in the schema`);
    }
  }
  return differences;
}

function compareEnums(datamodel: PrismaDatamodel, database: DatabaseSchema): string[] {
  const differences: string[] = [];
  const declared = new Set<string>();
  for (const enumeration of datamodel.enums) {
    const name = enumeration.dbName ?? enumeration.name;
    declared.add(name);
    const values = enumeration.values.map((value) => value.dbName ?? value.name);
    const labels = database.enums.get(name);
    if (!labels) {
      differences.push(`enum "${name}": in the schema, not in the migrations`);
    } else if (values.length !== labels.length || values.some((value) => !labels.includes(value))) {
      // Compared as sets: ALTER TYPE ... ADD VALUE appends, whatever order the schema lists.
      differences.push(`enum "${name}": values ${list(values)} in the schema, ${list(labels)} in the migrations`);
    }
  }
  for (const name of database.enums.keys()) {
    if (!declared.has(name)) differences.push(`enum "${name}": in the migrations, not in the schema`);
  }
  return differences;
}
