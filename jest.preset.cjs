const path = require('node:path');

const root = __dirname;

/** Shared Jest settings: TypeScript through swc, workspace libs resolved to their sources. */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' }, sourceMaps: 'inline' },
    ],
  },
  moduleNameMapper: {
    '^@radar/api-spec$': path.join(root, 'libs/api-spec/src/index.ts'),
    '^@radar/client$': path.join(root, 'libs/client/src/index.ts'),
    '^@radar/company-index$': path.join(root, 'libs/company-index/src/index.ts'),
    '^@radar/company-index/testing$': path.join(root, 'libs/company-index/testing/index.ts'),
    '^@radar/company-index-postgres$': path.join(root, 'libs/company-index-postgres/src/index.ts'),
    '^@radar/company-index-elasticsearch$': path.join(root, 'libs/company-index-elasticsearch/src/index.ts'),
    '^@radar/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@radar/dataset$': path.join(root, 'libs/dataset/src/index.ts'),
    '^@radar/platform/(.*)$': path.join(root, 'libs/platform/src/$1/index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testTimeout: 30_000,
  reporters: ['default', path.join(root, 'tools/stack/jest-summary-reporter.cjs')],
};
