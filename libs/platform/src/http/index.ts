export { createServiceApp, type ServiceAppOptions } from './app';
export { errorHandler, sendError } from './error-handler';
export { isDependencyFailure } from './dependency-failure';
export { parseInput, type InputSource } from './validation';
export { requestContext, requestIdFrom } from './request-context';
export { listen, type RunningServer } from './listen';
