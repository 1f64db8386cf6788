import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { relativeToRepository } from './paths';

/** Every .yaml or .yml file under a folder, sorted, so test names and messages are stable. */
export function listYamlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Parses every document of a YAML file. Errors and warnings (duplicate keys among them) throw,
 * because kubectl and compose would reject or silently misread such a file.
 */
export function parseYamlDocuments(file: string): unknown[] {
  // merge: compose files share settings through YAML merge keys (<<), as compose reads them.
  const documents = parseAllDocuments(readFileSync(file, 'utf8'), { uniqueKeys: true, merge: true });
  if (!Array.isArray(documents)) return [];
  const problems = documents.flatMap((document) => [...document.errors, ...document.warnings]);
  if (problems.length > 0) {
    throw new Error(`${relativeToRepository(file)}: ${problems.map((problem) => problem.message).join('; ')}`);
  }
  return documents.map((document) => document.toJS() as unknown).filter((value) => value !== null && value !== undefined);
}
