/**
 * A domain as companies store it: lower case, no scheme, no `www.`, no path, no trailing dot
 * (spec/decisions.md normalises monitor domains the same way).
 */
export function normalizeDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
}
