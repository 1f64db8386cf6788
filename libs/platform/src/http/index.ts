export { createServiceApp, type ServiceAppOptions } from './app';
export { failingChecks, type ReadinessChecks } from './readiness';
export { errorHandler, sendError } from './error-handler';
export { isDependencyFailure } from './dependency-failure';
export { parseInput, parsePath, type InputSource } from './validation';
export { requestContext, requestIdFrom } from './request-context';
export { listen, type RunningServer } from './listen';
export { jsonBodies, refuseDeclaredBody, JSON_BODY_LIMIT_BYTES } from './json-body';
