// The service catalogue (libs/contracts/src/service-catalogue.json) for the plain-JavaScript stack scripts.
import { readFileSync } from 'node:fs';

/** Every service, in start order. */
export const SERVICES = JSON.parse(readFileSync(new URL('../../libs/contracts/src/service-catalogue.json', import.meta.url), 'utf8')).services;

/** `MONITOR_SCHEDULER_URL` for `monitor-scheduler`, as in service-catalogue.ts. */
export const serviceUrlVariable = (name) => `${name.toUpperCase().replace(/-/g, '_')}_URL`;

/** The loopback settings of every service: ports, databases, each other's URLs, and the secrets they share (fresh). */
export function catalogueDefaults(secret) {
  const values = {};
  for (const service of SERVICES) {
    values[service.port.variable] = String(service.port.default);
    for (const extra of service.extraPorts ?? []) values[extra.variable] = String(extra.default);
    if (service.database) values[service.database.variable] = `postgresql://postgres@127.0.0.1:5432/${service.database.name}`;
    values[serviceUrlVariable(service.name)] = `http://127.0.0.1:${service.port.default}`;
    for (const name of service.secrets) values[name] ??= secret();
  }
  return values;
}
