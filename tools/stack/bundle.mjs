#!/usr/bin/env node
// Bundles one service entry into dist/ with our own libs inlined and npm packages left external.
import { build } from 'esbuild';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const entry = process.argv[2] ?? 'src/main.ts';
const projectDir = process.cwd();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));

/** What a service reports as its version (`radar status`) unless RADAR_VERSION says otherwise: the repository's version and commit. */
function buildVersion() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return `${version}+${commit}`;
  } catch {
    return version;
  }
}

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
  define: { 'process.env.RADAR_BUILD_VERSION': JSON.stringify(buildVersion()) },
  alias: Object.fromEntries(
    Object.entries(compilerOptions.paths)
      .filter(([name]) => !name.includes('*'))
      .map(([name, [target]]) => [name, path.join(root, target)]),
  ),
});
