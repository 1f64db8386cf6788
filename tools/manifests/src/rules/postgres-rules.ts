import type { z } from 'zod';
import { describe, type Manifest } from '../kubernetes-object';
import { cnpgSchemas } from '../operator-resources';

type Parsed<Schema extends z.ZodType> = { manifest: Manifest; value: z.infer<Schema> };

/** The resources of one CloudNativePG kind that parse (the schema check reports the others). */
function parsedAll<Schema extends z.ZodType>(manifests: Manifest[], kind: string, schema: Schema): Parsed<Schema>[] {
  return manifests.flatMap((manifest) => {
    if (manifest.object.apiVersion !== 'postgresql.cnpg.io/v1' || manifest.object.kind !== kind) return [];
    const parsed = schema.safeParse(manifest.object);
    return parsed.success ? [{ manifest, value: parsed.data }] : [];
  });
}

/** The databases the rules speak of, by their PostgreSQL names (the service catalogue's). */
export interface PostgresDatabases {
  /** Acknowledged charges must survive a failover. */
  ledger: string;
  /** Names sort by byte order and lower-case by Unicode (libs/company-index-elasticsearch, "Name sort"). */
  search: string;
}

const UTF8_LOCALE = /\.utf-?8$/i;

/**
 * What the PostgreSQL clusters must guarantee:
 * - a cluster of more than one instance that holds the ledger's database commits synchronously to
 *   at least one standby, with writes pausing rather than going on unreplicated (a failover to an
 *   asynchronous standby loses acknowledged charges);
 * - synchronous replication never waits for more standbys than the cluster has (every write would
 *   hang);
 * - the cluster holding search's database is initialised with the C collation and a UTF-8 ctype.
 */
export function postgresReplicationViolations(manifests: Manifest[], databases: PostgresDatabases): string[] {
  const clusters = parsedAll(manifests, 'Cluster', cnpgSchemas.cluster);
  const databaseObjects = parsedAll(manifests, 'Database', cnpgSchemas.database);
  const holding = (database: string) =>
    clusters.filter(
      ({ value }) =>
        value.spec.bootstrap?.initdb.database === database ||
        databaseObjects.some((object) => object.value.spec.name === database && object.value.spec.cluster.name === value.metadata.name),
    );
  const violations: string[] = [];
  for (const { manifest, value } of clusters) {
    const synchronous = value.spec.postgresql?.synchronous;
    if (synchronous && synchronous.number >= value.spec.instances) {
      violations.push(`${describe(manifest)} waits for ${synchronous.number} synchronous standbys with ${value.spec.instances - 1}: every write would hang`);
    }
  }
  for (const { manifest, value } of holding(databases.ledger)) {
    if (value.spec.instances < 2) continue;
    const synchronous = value.spec.postgresql?.synchronous;
    if (!synchronous) violations.push(`${describe(manifest)} holds ${databases.ledger} with asynchronous replication: a failover can lose acknowledged charges`);
    else if ((synchronous.dataDurability ?? 'required') !== 'required') {
      violations.push(`${describe(manifest)} holds ${databases.ledger} with dataDurability ${synchronous.dataDurability}: writes go on unreplicated while no standby answers`);
    }
  }
  for (const { manifest, value } of holding(databases.search)) {
    const initdb = value.spec.bootstrap?.initdb;
    if (initdb?.localeCollate !== 'C') violations.push(`${describe(manifest)} holds ${databases.search} with collation ${initdb?.localeCollate ?? '(the default)'}, not C`);
    if (!UTF8_LOCALE.test(initdb?.localeCType ?? '')) {
      violations.push(`${describe(manifest)} holds ${databases.search} with ctype ${initdb?.localeCType ?? '(the default, C)'}, not a UTF-8 locale such as C.UTF-8`);
    }
    if (initdb?.encoding?.toUpperCase() !== 'UTF8') violations.push(`${describe(manifest)} holds ${databases.search} with encoding ${initdb?.encoding ?? '(unset)'}, not UTF8`);
  }
  return violations;
}

/**
 * Every cluster ships its WAL and base backups to an object store and has a ScheduledBackup; every
 * Database lives in such a cluster (a physical backup holds all of a cluster's databases).
 */
export function postgresBackupViolations(manifests: Manifest[]): string[] {
  const clusters = parsedAll(manifests, 'Cluster', cnpgSchemas.cluster);
  const schedules = parsedAll(manifests, 'ScheduledBackup', cnpgSchemas.scheduledBackup);
  const backedUp = new Set(
    clusters
      .filter(({ value }) => value.spec.backup?.barmanObjectStore && schedules.some((schedule) => schedule.value.spec.cluster.name === value.metadata.name))
      .map(({ value }) => value.metadata.name),
  );
  return [
    ...clusters.flatMap(({ manifest, value }) => [
      ...(value.spec.backup?.barmanObjectStore ? [] : [`${describe(manifest)} ships no backups to an object store`]),
      ...(schedules.some((schedule) => schedule.value.spec.cluster.name === value.metadata.name) ? [] : [`${describe(manifest)} has no ScheduledBackup`]),
    ]),
    ...parsedAll(manifests, 'Database', cnpgSchemas.database)
      .filter(({ value }) => !backedUp.has(value.spec.cluster.name))
      .map(({ manifest, value }) => `${describe(manifest)} (${value.spec.name}) is in no backed-up cluster`),
  ];
}
