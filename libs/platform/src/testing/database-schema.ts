import { Client } from 'pg';

export interface DatabaseColumn {
  name: string;
  /** As `format_type` writes it: `character varying(255)`, `timestamp(3) with time zone`, `text[]`, `"Role"`. */
  type: string;
  /** The name of the enum type of the column (of its elements, for an array), if it is one. */
  enumType?: string;
  isArray: boolean;
  nullable: boolean;
  /** The default as `pg_get_expr` writes it, e.g. `CURRENT_TIMESTAMP`, `'free'::text`. */
  default?: string;
  /** A `GENERATED ALWAYS AS (...) STORED` column. */
  generated: boolean;
}

export type ReferentialAction = 'Cascade' | 'Restrict' | 'NoAction' | 'SetNull' | 'SetDefault';

export interface DatabaseIndex {
  name: string;
  unique: boolean;
  primary: boolean;
  /** Column names in index order, each with ` DESC` when descending; undefined when the index has an expression or a predicate. */
  columns?: string[];
  method: string;
}

export interface DatabaseForeignKey {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

export interface DatabaseTable {
  name: string;
  columns: DatabaseColumn[];
  indexes: DatabaseIndex[];
  foreignKeys: DatabaseForeignKey[];
}

export interface DatabaseSchema {
  tables: DatabaseTable[];
  /** Enum type name to its labels, in their sort order. */
  enums: Map<string, string[]>;
}

const ACTIONS: Record<string, ReferentialAction> = { a: 'NoAction', r: 'Restrict', c: 'Cascade', n: 'SetNull', d: 'SetDefault' };

/** Tables of the migration runner itself, not of the service. */
const BOOKKEEPING_TABLES = new Set(['_prisma_migrations']);

/** What the migrations built in the database's current schema (`public`), read from pg_catalog. */
export async function readDatabaseSchema(databaseUrl: string): Promise<DatabaseSchema> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') ORDER BY 1`,
    );
    const columns = await client.query<{
      table: string; name: string; type: string; enum_type: string | null; is_array: boolean;
      not_null: boolean; default: string | null; generated: boolean;
    }>(
      `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
              CASE WHEN et.typtype = 'e' THEN et.typname END AS enum_type,
              t.typcategory = 'A' AS is_array, a.attnotnull AS not_null,
              CASE WHEN a.attgenerated = '' THEN pg_get_expr(d.adbin, d.adrelid) END AS default,
              a.attgenerated <> '' AS generated
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_type t ON t.oid = a.atttypid
       JOIN pg_type et ON et.oid = CASE WHEN t.typelem <> 0 AND t.typcategory = 'A' THEN t.typelem ELSE t.oid END
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY c.relname, a.attnum`,
    );
    const indexes = await client.query<{
      table: string; name: string; unique: boolean; primary: boolean; columns: string[] | null; method: string;
    }>(
      `SELECT c.relname AS table, ic.relname AS name, i.indisunique AS unique, i.indisprimary AS primary, am.amname AS method,
              CASE WHEN i.indexprs IS NULL AND i.indpred IS NULL THEN (
                SELECT array_agg(a.attname::text || CASE WHEN i.indoption[k.n - 1] & 1 = 1 THEN ' DESC' ELSE '' END ORDER BY k.n)
                FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                WHERE k.n <= i.indnkeyatts
              ) END AS columns
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_am am ON am.oid = ic.relam
       WHERE c.relnamespace = current_schema()::regnamespace
       ORDER BY c.relname, ic.relname`,
    );
    const foreignKeys = await client.query<{
      table: string; name: string; columns: string[]; referenced_table: string; referenced_columns: string[];
      on_delete: string; on_update: string;
    }>(
      `SELECT c.relname AS table, k.conname AS name, r.relname AS referenced_table,
              k.confdeltype AS on_delete, k.confupdtype AS on_update,
              (SELECT array_agg(a.attname::text ORDER BY n) FROM unnest(k.conkey) WITH ORDINALITY AS x(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.attnum) AS columns,
              (SELECT array_agg(a.attname::text ORDER BY n) FROM unnest(k.confkey) WITH ORDINALITY AS x(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = x.attnum) AS referenced_columns
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class r ON r.oid = k.confrelid
       WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace
       ORDER BY c.relname, k.conname`,
    );
    const enums = await client.query<{ name: string; labels: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       WHERE t.typnamespace = current_schema()::regnamespace
       GROUP BY t.typname`,
    );

    return {
      tables: tables.rows
        .filter((row) => !BOOKKEEPING_TABLES.has(row.table))
        .map(({ table }) => ({
          name: table,
          columns: columns.rows
            .filter((row) => row.table === table)
            .map((row) => ({
              name: row.name,
              type: row.type,
              enumType: row.enum_type ?? undefined,
              isArray: row.is_array,
              nullable: !row.not_null,
              default: row.default ?? undefined,
              generated: row.generated,
            })),
          indexes: indexes.rows
            .filter((row) => row.table === table)
            .map((row) => ({ name: row.name, unique: row.unique, primary: row.primary, columns: row.columns ?? undefined, method: row.method })),
          foreignKeys: foreignKeys.rows
            .filter((row) => row.table === table)
            .map((row) => ({
              name: row.name,
              columns: row.columns,
              referencedTable: row.referenced_table,
              referencedColumns: row.referenced_columns,
              onDelete: ACTIONS[row.on_delete] ?? 'NoAction',
              onUpdate: ACTIONS[row.on_update] ?? 'NoAction',
            })),
        })),
      enums: new Map(enums.rows.map((row) => [row.name, row.labels])),
    };
  } finally {
    await client.end();
  }
}
