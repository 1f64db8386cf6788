/**
 * A label value from a set that is small in practice but not closed (a ledger reason, say): the
 * first `limit` distinct values are kept, later new ones become `other`, so a caller sending a
 * new value each time cannot grow the series without bound.
 */
export function boundedLabel(limit: number): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) return value;
    if (seen.size >= limit) return 'other';
    seen.add(value);
    return value;
  };
}
