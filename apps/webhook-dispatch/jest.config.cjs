// Suites start the service with RabbitMQ topology, an SMTP receiver and built processes for the
// crash tests: on a loaded 2-core machine that can take longer than the preset's 30 s.
module.exports = { ...require('../../jest.preset.cjs'), displayName: 'webhook-dispatch', testTimeout: 120_000 };
