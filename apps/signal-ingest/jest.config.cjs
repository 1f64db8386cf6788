module.exports = { ...require('../../jest.preset.cjs'), displayName: 'signal-ingest' };
