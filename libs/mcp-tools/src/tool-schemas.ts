import { z } from 'zod';
import { renderSchema } from '@radar/api-spec';

/** A JSON Schema of a tool's arguments or answer, as MCP's `tools/list` carries it: always an object at the top. */
export interface ObjectJsonSchema {
  [keyword: string]: unknown;
  type: 'object';
  properties?: Record<string, object>;
  required?: string[];
}

type JsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * `type: ["string", "null"]` as `anyOf` of single types: legal either way, but clients that map
 * tool schemas onto a single-type dialect (function declarations of some model providers) reject
 * the array form (the MCP Inspector warns of it).
 */
function singleTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(singleTypes);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, key === 'enum' || key === 'const' || key === 'default' ? inner : singleTypes(inner)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (!Array.isArray(object.type)) return object;
  const { type: types, ...rest } = object;
  return { ...rest, anyOf: (types as unknown[]).map((type) => ({ type })) };
}

/** A contract's zod schema as JSON Schema of any type (a single argument's, say), without a `$schema` of its own. */
export function renderedSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rendered } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema, zodSchema }) => renderSchema({ jsonSchema, zodSchema, io }),
  });
  return singleTypes(rendered) as JsonSchema;
}

/**
 * A contract's zod schema as JSON Schema (draft-07, which the MCP SDK's validator reads), rendered
 * as the OpenAPI document renders it (query integers as integers, answers open to new fields).
 * A named schema (`.meta({ id })`) at the top is inlined: MCP wants `type: object` there.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): ObjectJsonSchema {
  const { $ref, definitions, ...rest } = renderedSchema(schema, io);
  const named = typeof $ref === 'string' ? (definitions as Record<string, JsonSchema> | undefined)?.[$ref.replace('#/definitions/', '')] : undefined;
  const top = (named && typeof named === 'object' ? { ...named, ...rest } : rest) as JsonSchema;
  if (top.type !== 'object') throw new Error(`a tool schema must be an object, not ${JSON.stringify(top.type)}`);
  // The inlined definition stays only if something inside still refers to it.
  const kept = Object.fromEntries(
    Object.entries(definitions ?? {}).filter(([name]) => `#/definitions/${name}` !== $ref || JSON.stringify(top).includes(`"#/definitions/${name}"`)),
  );
  return { ...top, ...(Object.keys(kept).length > 0 ? { definitions: kept } : {}) } as ObjectJsonSchema;
}

/**
 * One object schema of several (a path's parameters, a query, a body, the tool's own arguments),
 * as one tool takes them all as arguments. The body's closedness (`additionalProperties: false`)
 * is kept: an unknown argument is then refused by the API, naming it.
 */
export function mergedSchema(parts: ObjectJsonSchema[], closed: boolean): ObjectJsonSchema {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const definitions: Record<string, unknown> = {};
  for (const part of parts) {
    Object.assign(properties, part.properties);
    required.push(...(part.required ?? []));
    Object.assign(definitions, part.definitions);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required: [...new Set(required)] } : {}),
    ...(closed ? { additionalProperties: false } : {}),
    ...(Object.keys(definitions).length > 0 ? { definitions } : {}),
  };
}
