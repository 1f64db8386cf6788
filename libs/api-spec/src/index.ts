export { buildOpenApiDocument, API_VERSION, SECURITY_SCHEME, type OpenApiDocument } from './openapi-document';
export { routeOf } from './route-of-operation';
export { errorCodesOf, TRANSPORT_ERROR_CODES } from './error-responses';
export { renderSchema, type RenderedSchema } from './schema-rendering';
