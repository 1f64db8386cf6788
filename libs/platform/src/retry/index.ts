export { backOffDelayMs, type BackOff } from './back-off';
export { parseRetryAfter } from './retry-after';
