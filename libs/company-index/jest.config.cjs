module.exports = { ...require('../../jest.preset.cjs'), displayName: 'company-index' };
