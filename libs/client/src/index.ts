export { createRadarClient, type RadarClient, type RadarClientOptions } from './radar-client';
export { DEFAULT_RETRY_POLICY, retryAfterMs, type RetryPolicy } from './retrying-fetch';
export { RadarApiError, unwrap, type ErrorEnvelope } from './api-error';
export { listAll, offsetItems, searchPages, searchResults } from './pagination';
export { LOOKUP_BATCH, lookupAll, type LookupAllOptions } from './lookup-all';
export type * from './resources';
export type { components, operations, paths } from './generated/radar-api';
export type { Middleware } from 'openapi-fetch';
