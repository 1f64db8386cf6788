import type { SignalFilters } from '@radar/contracts';
import { ALL_MONITORS, ALL_TYPES } from './signals.repository';
import type { SqlParams } from './sql-params';

/** The first instant after a UTC day (`until` includes its whole day). */
export const dayAfter = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** Conditions on `signals` rows (alias `s`): the workspace and every filter given. */
export function signalRowConditions(params: SqlParams, workspaceId: string, filters: SignalFilters): string[] {
  const conditions = [`s.workspace_id = ${params.add(workspaceId)}`];
  if (filters.signal_type !== undefined) conditions.push(`s.signal_type = ${params.add(filters.signal_type)}`);
  if (filters.family !== undefined) conditions.push(`s.family = ${params.add(filters.family)}`);
  if (filters.monitor_id !== undefined) conditions.push(`s.monitor_id = ${params.add(filters.monitor_id)}`);
  if (filters.domain !== undefined) conditions.push(`s.domain = ${params.add(filters.domain)}`);
  if (filters.since !== undefined) conditions.push(`s.fired_at >= ${params.add(new Date(`${filters.since}T00:00:00Z`))}`);
  if (filters.until !== undefined) conditions.push(`s.fired_at < ${params.add(dayAfter(filters.until))}`);
  return conditions;
}

/**
 * Conditions on `signal_counts` rows (alias `c`) counting exactly the signals the same filters
 * select, `domain` excepted (counts are not kept per domain): the monitor and type keys are the
 * filter's value or "all", the family key is filtered only when `family` is.
 */
export function signalCountConditions(params: SqlParams, workspaceId: string, filters: Omit<SignalFilters, 'domain'>): string[] {
  const conditions = [
    `c.workspace_id = ${params.add(workspaceId)}`,
    `c.monitor_key = ${params.add(filters.monitor_id ?? ALL_MONITORS)}`,
    `c.type_key = ${params.add(filters.signal_type ?? ALL_TYPES)}`,
  ];
  if (filters.family !== undefined) conditions.push(`c.family_key = ${params.add(filters.family)}`);
  if (filters.since !== undefined) conditions.push(`c.fired_on >= ${params.add(filters.since)}::date`);
  if (filters.until !== undefined) conditions.push(`c.fired_on <= ${params.add(filters.until)}::date`);
  return conditions;
}
