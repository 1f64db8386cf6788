import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject, type ZodOpenApiParameters, type ZodOpenApiResponseObject } from 'zod-openapi';
import {
  API_TAGS,
  errorEnvelopeSchema,
  PUBLIC_OPERATIONS,
  RATE_LIMIT_BUCKETS,
  type PublicOperation,
  type PublicRoute,
} from '@radar/contracts';
import { API_DESCRIPTION } from './document-text';
import { errorResponse, errorResponsesOf, TRANSPORT_ERROR_CODES } from './error-responses';
import { plainHeaders, rateLimitedSuccessHeaders } from './response-headers';
import { routeOf } from './route-of-operation';
import { renderSchema } from './schema-rendering';

/** The document's own version: the API version of the path, which only additive changes keep. */
export const API_VERSION = '1.0.0';

export const SECURITY_SCHEME = 'apiToken';

export type OpenApiDocument = ReturnType<typeof createDocument>;

function accessNote(operation: PublicOperation, route: PublicRoute | undefined): string {
  if (operation.public || !route) return 'No token needed.';
  const role = route.requiresEditRole ? ', held by a workspace owner or admin' : '';
  return `Scope \`${route.scope}\`${role}. Rate limit: ${RATE_LIMIT_BUCKETS[route.bucket]} requests per minute (bucket \`${route.bucket}\`).`;
}

function successResponse(operation: PublicOperation): ZodOpenApiResponseObject {
  const { success } = operation;
  const headers = operation.public ? plainHeaders : rateLimitedSuccessHeaders;
  if (success.file) {
    return {
      description: `${success.description} ${success.file.description}`,
      headers,
      content: { [success.file.mediaType]: { schema: { type: 'string' }, example: success.file.example } },
    };
  }
  if (!success.body) return { description: success.description, headers };
  return { description: success.description, headers, content: { 'application/json': { schema: success.body, examples: success.examples } } };
}

/** zod-openapi reads every location it is given: only those the operation has. */
function parametersOf(request: NonNullable<PublicOperation['request']>): ZodOpenApiParameters {
  const locations: ZodOpenApiParameters = {};
  if (request.path) locations.path = request.path;
  if (request.query) locations.query = request.query;
  if (request.headers) locations.header = request.headers;
  return locations;
}

function operationObject(operation: PublicOperation): ZodOpenApiOperationObject {
  const route = routeOf(operation);
  const { request } = operation;
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: `${operation.description}\n\n${accessNote(operation, route)}`,
    security: operation.public ? [] : [{ [SECURITY_SCHEME]: route ? [route.scope] : [] }],
    requestParams: request && parametersOf(request),
    requestBody: request?.body && {
      required: request.bodyRequired ?? true,
      content: { 'application/json': { schema: request.body, examples: request.examples } },
    },
    responses: {
      [String(operation.success.status)]: successResponse(operation),
      ...errorResponsesOf(operation, route),
      default: errorResponse(TRANSPORT_ERROR_CODES),
    },
    ...(route ? { 'x-radar-rate-limit': { bucket: route.bucket, per_minute: RATE_LIMIT_BUCKETS[route.bucket] } } : {}),
    'x-radar-safe-to-repeat': operation.safeToRepeat,
  };
}

/**
 * The OpenAPI 3.1 document of the public interface, from the operation descriptors and the zod
 * schemas of the contracts (the ones the services validate requests with and type answers by).
 */
export function buildOpenApiDocument(operations: readonly PublicOperation[] = PUBLIC_OPERATIONS): OpenApiDocument {
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    item[operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'] = operationObject(operation);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'Radar API', version: API_VERSION, description: API_DESCRIPTION },
      servers: [{ url: '/api/v1', description: 'This server' }],
      security: [{ [SECURITY_SCHEME]: [] }],
      tags: API_TAGS.map((tag) => ({ name: tag.name, description: tag.description })),
      paths,
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'rdr_<random>',
            description:
              'An API token of the workspace (`rdr_` and at least 32 URL-safe characters), created in the web app with scope ' +
              '`read` or `read_write`. Tokens expire after 90 days unless created with another expiry or none.',
          },
        },
        schemas: { ErrorEnvelope: errorEnvelopeSchema },
      },
    },
    { override: renderSchema },
  );
}
