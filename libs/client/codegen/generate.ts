import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_ROOT, generateClientSources } from './client-sources';

/**
 * Writes the client's generated files: `npm run generate --workspace @radar/client`. With
 * `--check` it writes nothing and exits 1 when a committed file differs from what it would write.
 */
async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [file, contents] of Object.entries(await generateClientSources())) {
    const target = path.join(CLIENT_ROOT, file);
    let current: string | undefined;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === contents) continue;
    stale.push(file);
    if (!check) writeFileSync(target, contents);
  }
  if (check && stale.length > 0) {
    console.error(`out of date: ${stale.join(', ')}; run npm run generate --workspace @radar/client`);
    process.exit(1);
  }
  console.log(stale.length === 0 ? 'client sources up to date' : `${check ? 'stale' : 'wrote'}: ${stale.join(', ')}`);
}

void main();
