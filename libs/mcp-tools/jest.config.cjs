module.exports = { ...require('../../jest.preset.cjs'), displayName: 'mcp-tools' };
