import { z } from 'zod';

type JsonSchema = z.core.JSONSchema.BaseSchema;

/** What `renderSchema` reads of zod's (and zod-openapi's) override context. */
export interface RenderedSchema {
  jsonSchema: JsonSchema;
  zodSchema: z.core.$ZodType;
  io: 'input' | 'output';
}

const SAFE_INTEGER_BOUNDS = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

function replaceContents(target: JsonSchema, replacement: JsonSchema): void {
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, replacement);
}

/**
 * What a query parameter means to a caller, where zod only sees the text it parses: an integer
 * (`queryInteger`: decimal digits piped into a bounded integer) or a boolean flag (`true` or
 * `false` transformed into a boolean). Undefined for anything else.
 */
function queryScalarOf(schema: z.core.$ZodType): JsonSchema | undefined {
  if (!(schema instanceof z.ZodPipe)) return undefined;
  const { in: input, out: output } = schema;
  if (output instanceof z.ZodNumber && input instanceof z.ZodPipe && input.in instanceof z.ZodString) {
    const integer: JsonSchema = { type: output.isInt ? 'integer' : 'number' };
    if (output.minValue !== null && output.minValue !== SAFE_INTEGER_BOUNDS[0]) integer.minimum = output.minValue;
    if (output.maxValue !== null && output.maxValue !== SAFE_INTEGER_BOUNDS[1]) integer.maximum = output.maxValue;
    return integer;
  }
  if (output instanceof z.ZodTransform && input instanceof z.ZodEnum) {
    const values = [...input.options].sort();
    if (values.length === 2 && values[0] === 'false' && values[1] === 'true') return { type: 'boolean' };
  }
  return undefined;
}

/**
 * Adjusts how zod renders the contracts' schemas, for callers rather than for zod:
 * - query integers and flags as integers and booleans (with their defaults), not as patterns;
 * - no ±2^53 bounds on every integer (zod adds them; they say nothing);
 * - response objects open to new fields: the contract adds response fields in v1 without notice,
 *   so a client must not reject one it does not know (request bodies stay closed: an unknown
 *   field is 422).
 */
export function renderSchema({ jsonSchema, zodSchema, io }: RenderedSchema): void {
  if (io === 'input') {
    const scalar = queryScalarOf(zodSchema);
    if (scalar) {
      replaceContents(jsonSchema, { ...scalar, ...(jsonSchema.description ? { description: jsonSchema.description } : {}) });
      return;
    }
    if (zodSchema instanceof z.ZodDefault) {
      const inner = queryScalarOf(zodSchema.unwrap());
      if (inner) {
        const description = jsonSchema.description ? { description: jsonSchema.description } : {};
        replaceContents(jsonSchema, { ...inner, default: zodSchema.def.defaultValue, ...description });
      }
      return;
    }
  }
  if (jsonSchema.type === 'integer') {
    if (jsonSchema.minimum === SAFE_INTEGER_BOUNDS[0]) delete jsonSchema.minimum;
    if (jsonSchema.maximum === SAFE_INTEGER_BOUNDS[1]) delete jsonSchema.maximum;
  }
  if (io === 'output' && jsonSchema.type === 'object' && jsonSchema.additionalProperties === false) {
    delete jsonSchema.additionalProperties;
  }
}
