import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** An answer of the API as the client received it. */
export interface RecordedAnswer {
  method: string;
  /** The operation's path template (`/monitors/{monitor_id}`), as the typed client names it. */
  schemaPath: string;
  status: number;
  headers: Headers;
  text: string;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Headers the contract puts on successes and 429s only: present elsewhere, they are a mistake. */
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-policy', 'ratelimit', 'retry-after'];

const escapePointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every object schema that lists its properties and says nothing of others is closed: the
 * document leaves response objects open for fields added later, but an answer of today must
 * carry no field the document does not describe. `unevaluatedProperties` (not
 * `additionalProperties`) so properties a branch of allOf/anyOf describes still count.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!isObject(node)) return node;
  const copy: JsonObject = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, closeObjects(value)]));
  if (isObject(copy.properties) && copy.additionalProperties === undefined && copy.unevaluatedProperties === undefined) {
    copy.unevaluatedProperties = false;
  }
  return copy;
}

/**
 * Checks real answers against the OpenAPI document with an independent JSON Schema validator
 * (ajv, draft 2020-12, the dialect of OpenAPI 3.1): the status must be one the operation lists
 * (the `default` response does not count), the documented headers present with valid values and
 * no rate-limit header where none is documented, the media type documented, and the body valid
 * against its schema with no undocumented field.
 */
export class OpenApiResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: JsonObject) {
    addFormats(this.ajv);
    this.ajv.addSchema({ ...(closeObjects(document) as JsonObject), $id: 'openapi.json' });
  }

  private resolve(node: unknown): JsonObject {
    let current = node;
    while (isObject(current) && typeof current.$ref === 'string') {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((parent, token) => (isObject(parent) ? parent[token] : undefined), this.document);
    }
    if (!isObject(current)) throw new Error('the document has a dangling $ref');
    return current;
  }

  private validatorAt(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(`openapi.json#${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with the answer by the document; empty when nothing is. */
  problems(answer: RecordedAnswer): string[] {
    const where = `${answer.method} ${answer.schemaPath} -> ${answer.status}`;
    const paths = this.document.paths as JsonObject;
    const operation = isObject(paths[answer.schemaPath]) ? (paths[answer.schemaPath] as JsonObject)[answer.method.toLowerCase()] : undefined;
    if (!isObject(operation)) return [`${where}: the operation is not in the document`];
    const responses = operation.responses as JsonObject;
    if (!isObject(responses[String(answer.status)])) return [`${where}: the status is not documented`];
    const response = this.resolve(responses[String(answer.status)]);
    const problems: string[] = [];

    const documentedHeaders = new Set<string>();
    for (const [name, reference] of Object.entries((response.headers as JsonObject | undefined) ?? {})) {
      documentedHeaders.add(name.toLowerCase());
      const header = this.resolve(reference);
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required === true) problems.push(`${where}: header ${name} is missing`);
        continue;
      }
      const schema = (header.schema as JsonObject | undefined) ?? {};
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const validate = this.ajv.compile(schema);
      if (!validate(typed)) problems.push(`${where}: header ${name}=${value} ${this.ajv.errorsText(validate.errors)}`);
    }
    for (const name of RATE_LIMIT_HEADERS) {
      if (answer.headers.has(name) && !documentedHeaders.has(name)) problems.push(`${where}: header ${name} is sent but not documented`);
    }

    const content = response.content as JsonObject | undefined;
    if (!content) {
      if (answer.text !== '') problems.push(`${where}: a body is sent but none is documented`);
      return problems;
    }
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!isObject(content[mediaType])) return [...problems, `${where}: media type ${mediaType} is not documented`];
    const pointer = ['', 'paths', answer.schemaPath, answer.method.toLowerCase(), 'responses', String(answer.status), 'content', mediaType, 'schema']
      .map(escapePointer)
      .join('/');
    let body: unknown = answer.text;
    if (mediaType === 'application/json') {
      try {
        body = JSON.parse(answer.text);
      } catch {
        return [...problems, `${where}: the body is not JSON`];
      }
    }
    const validate = this.validatorAt(pointer);
    if (!validate(body)) {
      for (const error of validate.errors ?? []) problems.push(`${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
    }
    return problems;
  }
}
