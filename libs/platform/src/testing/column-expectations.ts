import type { DmmfField } from './prisma-datamodel';

/**
 * The PostgreSQL column type a Prisma scalar field maps to, in `format_type`'s words, following
 * Prisma's PostgreSQL connector: the `@db.*` native type when there is one, else the scalar's
 * default type.
 */
export function expectedColumnType(field: Pick<DmmfField, 'type' | 'nativeType' | 'isList'>): string {
  const element = field.nativeType ? nativeColumnType(field.nativeType[0], field.nativeType[1]) : SCALAR_DEFAULT_TYPES[field.type];
  return `${element ?? `unknown scalar ${field.type}`}${field.isList ? '[]' : ''}`;
}

const SCALAR_DEFAULT_TYPES: Record<string, string> = {
  String: 'text',
  Boolean: 'boolean',
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  DateTime: 'timestamp(3) without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};

function nativeColumnType(name: string, args: string[]): string {
  const precision = args.length ? `(${args.join(',')})` : '';
  switch (name) {
    case 'Text': return 'text';
    case 'VarChar': return `character varying${precision}`;
    case 'Char': return `character${precision || '(1)'}`;
    case 'Uuid': return 'uuid';
    case 'Xml': return 'xml';
    case 'Inet': return 'inet';
    case 'Citext': return 'citext';
    case 'Bit': return `bit${precision || '(1)'}`;
    case 'VarBit': return `bit varying${precision}`;
    case 'SmallInt': return 'smallint';
    case 'Integer': return 'integer';
    case 'Oid': return 'oid';
    case 'BigInt': return 'bigint';
    case 'Real': return 'real';
    case 'DoublePrecision': return 'double precision';
    case 'Decimal': return `numeric${precision}`;
    case 'Money': return 'money';
    case 'Timestamp': return `timestamp${precision} without time zone`;
    case 'Timestamptz': return `timestamp${precision} with time zone`;
    case 'Date': return 'date';
    case 'Time': return `time${precision} without time zone`;
    case 'Timetz': return `time${precision} with time zone`;
    case 'Json': return 'json';
    case 'JsonB': return 'jsonb';
    case 'ByteA': return 'bytea';
    case 'Boolean': return 'boolean';
    default: return `${name.toLowerCase()}${precision}`;
  }
}

/** A column default reduced to what both sides can say: the forms Prisma writes, or an expression. */
export type ColumnDefault =
  | { kind: 'now' }
  | { kind: 'autoincrement' }
  | { kind: 'literal'; value: string }
  | { kind: 'list'; values: string[] }
  /** dbgenerated(...) on the schema side (any database default satisfies it), anything else on the database side. */
  | { kind: 'expression'; text: string };

const NUMERIC_SCALARS = new Set(['Int', 'BigInt', 'Float', 'Decimal']);

/** The database default a field's `@default` asks for; undefined when the database should have none (no default, or uuid()/cuid() made by the client). */
export function expectedDefault(field: DmmfField): ColumnDefault | undefined {
  if (!field.hasDefaultValue) return undefined;
  const value = field.default;
  if (Array.isArray(value)) return { kind: 'list', values: value.map((item) => canonicalLiteral(String(item), field.type)) };
  if (value !== null && typeof value === 'object' && 'name' in value) {
    const { name, args } = value as { name: string; args?: unknown[] };
    if (name === 'now') return { kind: 'now' };
    if (name === 'autoincrement' || name === 'sequence') return { kind: 'autoincrement' };
    if (name === 'dbgenerated') return { kind: 'expression', text: String(args?.[0] ?? '') };
    return undefined;
  }
  return { kind: 'literal', value: canonicalLiteral(String(value), field.type) };
}

/** Reads a default as `pg_get_expr` writes it, with the field's scalar type to compare numbers as numbers. */
export function parseDatabaseDefault(expression: string, scalarType: string): ColumnDefault {
  const text = withoutOuterParentheses(expression.trim());
  if (/^nextval\(/i.test(text)) return { kind: 'autoincrement' };
  if (/^(current_timestamp(\(\d+\))?|now\(\))$/i.test(text)) return { kind: 'now' };
  const array = /^ARRAY\[(.*?)\](::[^[\]]+(\[\])+)?$/s.exec(text);
  if (array) return { kind: 'list', values: splitTopLevel(array[1] as string).map((item) => literalOf(item, scalarType) ?? item) };
  const literal = literalOf(text, scalarType);
  if (literal === undefined) return { kind: 'expression', text };
  // An empty or simple array written as an array literal: '{}'::text[], '{a,b}'::text[].
  if (/::.+\[\]$/.test(text) && /^\{.*\}$/s.test(literal)) {
    const inner = literal.slice(1, -1);
    return { kind: 'list', values: inner ? inner.split(',').map((item) => canonicalLiteral(item.replace(/^"(.*)"$/, '$1'), scalarType)) : [] };
  }
  return { kind: 'literal', value: literal };
}

export function defaultsAgree(expected: ColumnDefault | undefined, actual: ColumnDefault | undefined): boolean {
  if (!expected || !actual) return !expected && !actual;
  if (expected.kind === 'expression') return true;
  if (expected.kind !== actual.kind) return false;
  if (expected.kind === 'literal') return expected.value === (actual as { value: string }).value;
  if (expected.kind === 'list') {
    const values = (actual as { values: string[] }).values;
    return expected.values.length === values.length && expected.values.every((value, i) => value === values[i]);
  }
  return true;
}

export function describeDefault(value: ColumnDefault | undefined): string {
  if (!value) return 'none';
  switch (value.kind) {
    case 'now': return 'now()';
    case 'autoincrement': return 'autoincrement()';
    case 'literal': return value.value;
    case 'list': return `[${value.values.join(', ')}]`;
    case 'expression': return value.text;
  }
}

/** A literal (quoted string, number, boolean) with any cast, canonical for the scalar type; undefined if it is not one. */
function literalOf(text: string, scalarType: string): string | undefined {
  const stripped = withoutOuterParentheses(text.trim());
  const quoted = /^'((?:[^']|'')*)'(::.+)?$/s.exec(stripped);
  if (quoted) return canonicalLiteral((quoted[1] as string).replace(/''/g, "'"), scalarType);
  const bare = /^(-?\d+(?:\.\d+)?|true|false)(::.+)?$/i.exec(stripped);
  return bare ? canonicalLiteral(bare[1] as string, scalarType) : undefined;
}

function canonicalLiteral(value: string, scalarType: string): string {
  if (NUMERIC_SCALARS.has(scalarType) && value.trim() !== '' && !Number.isNaN(Number(value))) return String(Number(value));
  if (scalarType === 'Boolean') return value.toLowerCase();
  return `'${value}'`;
}

function withoutOuterParentheses(text: string): string {
  let current = text;
  while (current.startsWith('(') && current.endsWith(')') && closingParenthesis(current) === current.length - 1) current = current.slice(1, -1).trim();
  return current;
}

/** The index of the parenthesis that closes the one at index 0 (quotes respected). */
function closingParenthesis(text: string): number {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth += 1;
    if (char === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits `a, 'b,c', f(d, e)` at the commas that are outside quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    if (!quoted && (char === '(' || char === '[')) depth += 1;
    if (!quoted && (char === ')' || char === ']')) depth -= 1;
    if (!quoted && depth === 0 && char === ',') {
      parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}
