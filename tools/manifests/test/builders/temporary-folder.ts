import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A scratch folder filled from a map of relative path to content; removed by `remove`. */
export function temporaryFolder(files: Record<string, string>): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'radar-manifests-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
