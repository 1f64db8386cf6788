import { EVENT_FAMILIES, FAMILY_LABELS, type SignalFamilyCount } from '@radar/contracts';

/** SignalFamilyCount[]: every family in the contract's order, zeros included. `counts` is keyed by family. */
export const familyCountsView = (counts: ReadonlyMap<string, number>): SignalFamilyCount[] =>
  EVENT_FAMILIES.map((family) => ({ family, label: FAMILY_LABELS[family], count: counts.get(family) ?? 0 }));
