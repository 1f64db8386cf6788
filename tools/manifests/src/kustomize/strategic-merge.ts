const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNamedList = (list: unknown[]): list is Record<string, unknown>[] =>
  list.every((item) => isRecord(item) && typeof item.name === 'string');

/**
 * The part of Kubernetes' strategic merge patch that covers these manifests: maps merge key by
 * key, `null` deletes a key, lists whose items all have a `name` (containers, env, volumes)
 * merge by name, and any other list is replaced whole, as SMP does for lists without a merge key
 * (an Ingress's rules, for instance).
 */
export function strategicMerge(target: unknown, patch: unknown): unknown {
  if (isRecord(target) && isRecord(patch)) {
    const merged: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else merged[key] = key in target ? strategicMerge(target[key], value) : value;
    }
    return merged;
  }
  if (Array.isArray(target) && Array.isArray(patch) && isNamedList(target) && isNamedList(patch)) {
    const merged = target.map((item) => {
      const update = patch.find((candidate) => candidate.name === item.name);
      return update ? strategicMerge(item, update) : item;
    });
    return [...merged, ...patch.filter((candidate) => !target.some((item) => item.name === candidate.name))];
  }
  return patch;
}
