export { counter, gauge, histogram, metricsRegistry, startProcessMetrics } from './registry';
export { httpMetrics, UNMATCHED_ROUTE } from './http-metrics';
export { watchConsumerLag, type ConsumerLagSource, type NatsConsumerLag } from './consumer-lag';
export { metricsRoutes } from './metrics-routes';
export { boundedLabel } from './bounded-label';
