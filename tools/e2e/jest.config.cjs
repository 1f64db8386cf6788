// Each test file starts its own stack of built services in beforeAll; one file at a time keeps
// the 2-core machines from starving the services (and the rate-limit test's minute) of CPU.
module.exports = { ...require('../../jest.preset.cjs'), displayName: 'e2e', maxWorkers: 1, testTimeout: 60_000 };
