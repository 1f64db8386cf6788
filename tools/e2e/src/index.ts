/** The whole stack as processes, for the end-to-end tests and the benchmarks. */
export { startStack, type E2eStack, type StackOptions } from './stack/e2e-stack';
export { ServiceProcess } from './stack/service-process';
export { startLocalMail, type StackMail } from './stack/local-mail';
export { startStackObjectStorage, type StackObjectStorage } from './stack/local-s3';
export { freePort } from '@radar/platform/testing';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './tracing/otlp-receiver';
export { REPOSITORY_ROOT } from './repository-root';
