import { dockerfileViolations, dockerignoreViolations, exposedPorts } from '../src/rules/dockerfile-rules';

const base = 'node:20-bookworm-slim';

describe('Dockerfile rules', () => {
  const compliant = [
    `ARG NODE_IMAGE=${base}`,
    'FROM ${NODE_IMAGE} AS build',
    'RUN npm ci \\',
    '  --ignore-scripts',
    'FROM build AS deps',
    'RUN npm ci --omit=dev',
    'FROM ${NODE_IMAGE} AS runtime',
    'USER 1000:1000',
    'CMD ["node", "apps/ledger/dist/main.js"]',
  ].join('\n');

  it('accept stages from the Node base image or earlier stages, ending as a numeric non-root user', () => {
    expect(dockerfileViolations(compliant, base)).toEqual([]);
  });

  it('reject another base image, a named or root user, a missing command and dev dependencies at run time', () => {
    const text = ['FROM node:22 AS build', 'RUN npm ci', 'FROM node:20-bookworm-slim', 'USER node'].join('\n');
    expect(dockerfileViolations(text, base)).toEqual([
      'stage build starts from node:22, not node:20-bookworm-slim',
      'the final stage runs as node, not a numeric non-root user',
      'the final stage has no CMD or ENTRYPOINT',
      'no stage installs production dependencies with npm ci --omit=dev',
    ]);
  });

  it('reject a USER in an earlier stage only', () => {
    const text = compliant.replace('USER 1000:1000', '').replace('RUN npm ci --omit=dev', 'RUN npm ci --omit=dev\nUSER 1000');
    expect(dockerfileViolations(text, base)).toEqual(['the final stage runs as root, not a numeric non-root user']);
  });

  it('name each required exclusion missing from the ignore file', () => {
    expect(dockerignoreViolations('**/node_modules\n', ['**/node_modules', '.git'])).toEqual(['the build context does not exclude .git']);
  });

  it('read the exposed ports of every EXPOSE, ranges and protocols included', () => {
    expect(exposedPorts('FROM node\nEXPOSE 8080-8082 9464/tcp\nEXPOSE 5000\n')).toEqual([8080, 8081, 8082, 9464, 5000]);
  });
});
