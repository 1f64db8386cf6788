import { readFileSync } from 'node:fs';
import { composeFile, dockerfile, dockerignoreFile } from '../src/paths';
import { SERVICE_CATALOGUE } from '@radar/contracts';
import { composedServiceViolations, composeViolations, parseComposeFile, publishedPorts, type ComposeFile } from '../src/rules/compose-rules';
import { composedServices, metricsPort } from '../src/rules/project-facts';
import { dockerfileViolations, dockerignoreViolations, exposedPorts } from '../src/rules/dockerfile-rules';
import { parseYamlDocuments } from '../src/yaml-files';

describe('deploy/compose.yaml', () => {
  let compose: ComposeFile;
  beforeAll(() => {
    const documents = parseYamlDocuments(composeFile);
    expect(documents).toHaveLength(1);
    compose = parseComposeFile(documents[0]);
  });

  it('runs PostgreSQL 15, Redis 7, RabbitMQ 3 with management, NATS 2.10, MinIO, Elasticsearch 8, an SMTP sink and every service from the one image', () => {
    const infrastructure = ['postgres', 'redis', 'rabbitmq', 'nats', 'minio', 'elasticsearch', 'mail'];
    expect(infrastructure.map((name) => compose.services[name]?.image)).toEqual([
      'postgres:15',
      'redis:7',
      'rabbitmq:3-management',
      expect.stringMatching(/^nats:2\.10\b/),
      expect.stringMatching(/minio\/minio:/),
      expect.stringMatching(/elasticsearch\/elasticsearch:8\./),
      expect.stringMatching(/^axllent\/mailpit:v\d+\.\d+\.\d+$/),
    ]);
    const services = Object.keys(compose.services).filter((name) => !infrastructure.includes(name));
    expect(services.sort()).toEqual(SERVICE_CATALOGUE.map((service) => service.name).sort());
    expect(new Set(services.map((name) => compose.services[name]?.image))).toEqual(new Set(['radar/services:${RADAR_VERSION:-local}']));
  });

  it('starts each service with every variable it reads, listening for the compose network, after what it needs is healthy, and publishes only the gateway', () => {
    expect(composedServiceViolations(compose, composedServices, ['gateway'])).toEqual([]);
  });

  it('gives every service a healthcheck and publishes ports on 127.0.0.1 only', () => {
    expect(composeViolations(compose)).toEqual([]);
  });

  it('publishes the ports the services use by default, the SMTP sink, the public API and the operator API', () => {
    expect(publishedPorts(compose)).toEqual(expect.arrayContaining([5432, 6379, 5672, 4222, 9000, 9200, 1025, 8025, 8080, 8081]));
  });

  it('starts NATS with JetStream storing on a volume, and Elasticsearch as a single node', () => {
    const nats = Object.values(compose.services).find(({ image }) => image?.startsWith('nats:'));
    expect(nats?.command).toEqual(expect.arrayContaining(['-js', '-sd', '/data']));
    expect(nats?.volumes).toEqual([expect.stringMatching(/:\/data$/)]);
    const elasticsearch = Object.values(compose.services).find(({ image }) => image?.includes('elasticsearch'));
    expect(elasticsearch?.environment).toEqual(expect.objectContaining({ 'discovery.type': 'single-node' }));
  });
});

describe('deploy/Dockerfile', () => {
  it('builds every stage from node:24-bookworm-slim and runs production dependencies as a numeric non-root user', () => {
    expect(dockerfileViolations(readFileSync(dockerfile, 'utf8'), 'node:24-bookworm-slim')).toEqual([]);
  });

  it("exposes every service's ports as the catalogue says, and the metrics port", () => {
    const catalogued = SERVICE_CATALOGUE.flatMap((service) => [service.port.default, ...service.extraPorts.map((extra) => extra.default)]);
    expect(exposedPorts(readFileSync(dockerfile, 'utf8')).sort()).toEqual([...catalogued, metricsPort].sort());
  });

  it('builds from a context without dependencies, build output or env files', () => {
    const required = ['**/node_modules', '**/dist', '.git', '**/*.env'];
    expect(dockerignoreViolations(readFileSync(dockerignoreFile, 'utf8'), required)).toEqual([]);
  });
});
