// A Prisma generator that writes the datamodel part of Prisma's DMMF (the schema as Prisma itself
// parsed it) to <output>/datamodel.json. Prisma runs it as a child process and speaks JSON-RPC:
// requests arrive on stdin, one per line, and answers go to stderr, one per line.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const answer = (id, result) => process.stderr.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
const fail = (id, error) =>
  process.stderr.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: String(error && error.message ? error.message : error) } })}\n`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.method === 'getManifest') {
    answer(request.id, { manifest: { prettyName: 'DMMF datamodel', requiresGenerators: [] } });
  } else if (request.method === 'generate') {
    try {
      const output = request.params.generator.output.value;
      mkdirSync(output, { recursive: true });
      writeFileSync(path.join(output, 'datamodel.json'), JSON.stringify(request.params.dmmf.datamodel));
      answer(request.id, null);
    } catch (error) {
      fail(request.id, error);
    }
  }
});
