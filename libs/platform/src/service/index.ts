export { defineService, type HttpMount, type ReadinessCheck, type ServiceContext, type ServiceDefinition, type ServiceWiring } from './service-definition';
export { migrateService, runService, startService, type StartedService, type StartOptions } from './run-service';
export { type PlatformConfig } from './platform-config';
export { serviceStatus, type ServiceStatusHooks } from './service-status';
export { serviceVersion } from './service-version';
