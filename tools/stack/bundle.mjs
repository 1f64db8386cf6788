#!/usr/bin/env node
// Bundles one service entry into dist/ with our own libs inlined and npm packages left external.
import { build } from 'esbuild';
import path from 'node:path';
import { readFileSync } from 'node:fs';

const entry = process.argv[2] ?? 'src/main.ts';
const projectDir = process.cwd();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));

const ownLibs = {
  name: 'externalize-npm-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@radar/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [path.join(projectDir, entry)],
  outfile: path.join(projectDir, 'dist', path.basename(entry).replace(/\.ts$/, '.js')),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.base.json'),
  plugins: [ownLibs],
  logLevel: 'warning',
  alias: Object.fromEntries(
    Object.entries(compilerOptions.paths)
      .filter(([name]) => !name.includes('*'))
      .map(([name, [target]]) => [name, path.join(root, target)]),
  ),
});
