#!/usr/bin/env node
'use strict';
// The committed entry of `radar`: the code itself is bundled into dist/ by `npm run build`.
const path = require('node:path');
const fs = require('node:fs');

const bundle = path.join(__dirname, '..', 'dist', 'main.js');
if (!fs.existsSync(bundle)) {
  process.stderr.write(
    `${JSON.stringify({
      error: {
        code: 'NOT_BUILT',
        message: `The radar CLI is not built (${bundle} is missing): run \`npm run build\` at the repository root first`,
      },
    })}\n`,
  );
  process.exit(1);
}
require(bundle);
