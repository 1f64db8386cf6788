import { z } from 'zod';
import type { PublicOperation } from './operation';

/** The gateway's path of this document under /api/v1, and of the reference page (outside it). */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';
export const API_REFERENCE_PAGE_PATH = '/docs';

export const REFERENCE_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: OPENAPI_DOCUMENT_PATH,
    tag: 'Reference',
    summary: 'Get this OpenAPI document',
    description: `The OpenAPI 3.1 document of the public interface, generated from the schemas the services validate with. No token needed. A readable reference of it is served at \`${API_REFERENCE_PAGE_PATH}\`.`,
    success: {
      status: 200,
      description: 'The document.',
      body: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    },
    errors: [],
    safeToRepeat: true,
    public: true,
  },
];
