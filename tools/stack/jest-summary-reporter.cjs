const fs = require('node:fs');
const path = require('node:path');

/** Records each project's counts so `npm test` can print one closing total for the whole run. */
class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = process.env.RADAR_TEST_SUMMARY_DIR;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    const name = path.relative(path.resolve(__dirname, '../..'), this.rootDir).replace(/[\\/]/g, '_') || 'root';
    fs.writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify({
        project: name,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
