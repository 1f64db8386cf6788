import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

const referentialAction = z.enum(['Cascade', 'Restrict', 'NoAction', 'SetNull', 'SetDefault']);

/** The parts of Prisma's DMMF field that the drift check reads. */
const dmmfField = z.object({
  name: z.string(),
  dbName: z.string().nullish(),
  kind: z.enum(['scalar', 'enum', 'object', 'unsupported']),
  type: z.string(),
  isList: z.boolean(),
  isRequired: z.boolean(),
  isId: z.boolean(),
  isUnique: z.boolean(),
  isUpdatedAt: z.boolean().optional(),
  hasDefaultValue: z.boolean(),
  default: z.unknown().optional(),
  nativeType: z.tuple([z.string(), z.array(z.string())]).nullish(),
  relationFromFields: z.array(z.string()).optional(),
  relationToFields: z.array(z.string()).optional(),
  relationOnDelete: referentialAction.optional(),
  relationOnUpdate: referentialAction.optional(),
});

const dmmfModel = z.object({
  name: z.string(),
  dbName: z.string().nullish(),
  schema: z.string().nullish(),
  fields: z.array(dmmfField),
});

const dmmfIndex = z.object({
  model: z.string(),
  type: z.enum(['id', 'unique', 'normal', 'fulltext']),
  dbName: z.string().nullish(),
  algorithm: z.string().nullish(),
  fields: z.array(z.object({ name: z.string(), sortOrder: z.enum(['asc', 'desc']).nullish() })),
});

const dmmfEnum = z.object({
  name: z.string(),
  dbName: z.string().nullish(),
  values: z.array(z.object({ name: z.string(), dbName: z.string().nullish() })),
});

const dmmfDatamodel = z.object({ models: z.array(dmmfModel), enums: z.array(dmmfEnum), indexes: z.array(dmmfIndex) });

export type DmmfField = z.infer<typeof dmmfField>;
export type DmmfModel = z.infer<typeof dmmfModel>;
export type DmmfIndex = z.infer<typeof dmmfIndex>;
export type DmmfEnum = z.infer<typeof dmmfEnum>;

/** A field typed `Unsupported("...")`: the DMMF leaves these out, but they are columns all the same. */
export interface UnsupportedField {
  model: string;
  name: string;
  dbName?: string;
  sqlType: string;
  isRequired: boolean;
  isList: boolean;
}

export interface PrismaDatamodel {
  models: DmmfModel[];
  enums: DmmfEnum[];
  indexes: DmmfIndex[];
  unsupportedFields: UnsupportedField[];
}

const DUMP_GENERATOR = 'schema_drift_datamodel';

/**
 * Reads a schema.prisma as Prisma itself understands it: `prisma generate` runs on a copy with
 * one extra generator that writes the DMMF datamodel to a file. This works offline (generate
 * needs no schema engine), where `prisma migrate diff` does not.
 */
export async function loadPrismaDatamodel(schemaPath: string): Promise<PrismaDatamodel> {
  const schema = await readFile(schemaPath, 'utf8');
  const workDir = await mkdtemp(path.join(tmpdir(), 'radar-prisma-datamodel-'));
  try {
    const generator = `"${process.execPath}" "${path.join(__dirname, 'prisma-dmmf-dump-generator.cjs')}"`;
    const copy = path.join(workDir, 'schema.prisma');
    await writeFile(
      copy,
      `${schema}\ngenerator ${DUMP_GENERATOR} {\n  provider = ${JSON.stringify(generator)}\n  output   = "./datamodel"\n}\n`,
    );
    const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build/index.js');
    await promisify(execFile)(process.execPath, [cli, 'generate', '--schema', copy, '--generator', DUMP_GENERATOR], {
      cwd: workDir,
      env: {
        ...process.env,
        // generate never runs the schema engine, but without a path to some file the CLI tries to download one.
        PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
        CHECKPOINT_DISABLE: '1',
      },
    }).catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`prisma could not read ${schemaPath}: ${error.stderr || error.stdout || error.message}`, { cause: error });
    });
    const datamodel = dmmfDatamodel.parse(JSON.parse(await readFile(path.join(workDir, 'datamodel', 'datamodel.json'), 'utf8')));
    return { ...datamodel, unsupportedFields: unsupportedFieldsOf(schema, datamodel.models) };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

const UNSUPPORTED_FIELD = /^\s*(\w+)\s+Unsupported\(\s*"((?:[^"\\]|\\.)*)"\s*\)(\?|\[\])?(.*)$/;
const MAP_ATTRIBUTE = /@map\(\s*(?:name:\s*)?"((?:[^"\\]|\\.)*)"/;

/**
 * The `Unsupported("...")` fields of each model, read from the schema text because the DMMF
 * omits them. Only these lines are read; everything else comes from Prisma.
 */
function unsupportedFieldsOf(schema: string, models: DmmfModel[]): UnsupportedField[] {
  const fields: UnsupportedField[] = [];
  const modelNames = new Set(models.map((model) => model.name));
  let model: string | undefined;
  for (const line of schema.split('\n')) {
    const opening = /^\s*model\s+(\w+)\s*\{/.exec(line);
    if (opening) {
      model = modelNames.has(opening[1] as string) ? opening[1] : undefined;
      continue;
    }
    if (/^\s*\}/.test(line)) {
      model = undefined;
      continue;
    }
    const field = model ? UNSUPPORTED_FIELD.exec(line.replace(/\/\/.*$/, '')) : null;
    if (!model || !field) continue;
    const [, name = '', sqlType = '', modifier, attributes = ''] = field;
    const mapped = MAP_ATTRIBUTE.exec(attributes)?.[1];
    fields.push({ model, name, dbName: mapped, sqlType, isRequired: modifier !== '?', isList: modifier === '[]' });
  }
  return fields;
}
