// Each suite starts its real neighbours (ledger, webhook-dispatch, search) as built processes:
// on a loaded 2-core machine that can take longer than the preset's 30 s.
module.exports = { ...require('../../jest.preset.cjs'), displayName: 'monitor-scheduler', testTimeout: 120_000 };
