import { readFileSync } from 'node:fs';

/** KEY=value lines of an env file as kustomize reads them; blank lines and # comments are skipped. */
export function readEnvFile(file: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const separator = trimmed.indexOf('=');
    if (separator <= 0) throw new Error(`${file}: "${trimmed}" is not KEY=value`);
    entries[trimmed.slice(0, separator)] = trimmed.slice(separator + 1);
  }
  return entries;
}

export const literalsToData = (literals: string[]): Record<string, string> =>
  Object.fromEntries(literals.map((literal) => [literal.slice(0, literal.indexOf('=')), literal.slice(literal.indexOf('=') + 1)]));
