export { RabbitMq, type RabbitMqOptions } from './rabbit-mq';
export type { ConsumeOptions, DeliveryContext, QueueHandler } from './consumer';
export { RetryLater, StopRetrying } from './handler-outcomes';
export { UnroutableMessageError } from './confirmed-sender';
export { ConnectionClosedError } from './connection';
export { HEADERS, type DeadLetterReason } from './message-headers';
export { exchangeNames, queueTopology, type DelayQueue, type QueueRetryPolicy, type QueueTopology } from './topology';
export { maxAttempts, planRetry, planWait, type RetryPlan } from './retry-plan';
export type { ReconnectOptions } from './reconnect-delay';
