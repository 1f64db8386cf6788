import { toManifest } from '../src/kubernetes-object';
import { postgresBackupViolations, postgresReplicationViolations } from '../src/rules/postgres-rules';

const databases = { ledger: 'radar_ledger', search: 'radar_search' };

/** A three-instance cluster holding the ledger's and search's databases, as prod runs it; tests break one thing. */
function clusterSpec(): Record<string, unknown> {
  return {
    instances: 3,
    imageName: 'ghcr.io/cloudnative-pg/postgresql:15.10',
    storage: { size: '10Gi' },
    bootstrap: { initdb: { database: 'radar_gateway', owner: 'radar', encoding: 'UTF8', localeCollate: 'C', localeCType: 'C.UTF-8' } },
    postgresql: { parameters: {}, synchronous: { method: 'any', number: 1, dataDurability: 'required' } },
    backup: {
      retentionPolicy: '30d',
      barmanObjectStore: {
        destinationPath: 's3://backups/radar-postgres',
        s3Credentials: { accessKeyId: { name: 'backup', key: 'ID' }, secretAccessKey: { name: 'backup', key: 'KEY' } },
      },
    },
  };
}

const cnpg = (kind: string, name: string, spec: Record<string, unknown>) => toManifest({ apiVersion: 'postgresql.cnpg.io/v1', kind, metadata: { name }, spec }, 'test');
const database = (name: string, cluster = 'radar-postgres') => cnpg('Database', name.replace(/_/g, '-'), { name, owner: 'radar', cluster: { name: cluster } });
const nightly = (cluster = 'radar-postgres') => cnpg('ScheduledBackup', `${cluster}-nightly`, { schedule: '0 0 3 * * *', cluster: { name: cluster } });

function world(change: (spec: Record<string, unknown> & { postgresql: { synchronous?: Record<string, unknown> } }) => void = () => undefined) {
  const spec = clusterSpec() as ReturnType<typeof clusterSpec> & { postgresql: { synchronous?: Record<string, unknown> } };
  change(spec);
  return [cnpg('Cluster', 'radar-postgres', spec), database('radar_ledger'), database('radar_search'), nightly()];
}

describe('PostgreSQL rules', () => {
  it('accept a three-instance cluster committing to one standby of two, initialised with the C collation and C.UTF-8, backed up nightly', () => {
    expect(postgresReplicationViolations(world(), databases)).toEqual([]);
    expect(postgresBackupViolations(world())).toEqual([]);
  });

  it('refuse the ledger on asynchronous replication, or on synchronous replication that goes on without a standby', () => {
    expect(postgresReplicationViolations(world((spec) => delete spec.postgresql.synchronous), databases)).toEqual([
      'Cluster/radar-postgres (test) holds radar_ledger with asynchronous replication: a failover can lose acknowledged charges',
    ]);
    expect(postgresReplicationViolations(world((spec) => Object.assign(spec.postgresql.synchronous ?? {}, { dataDurability: 'preferred' })), databases)).toEqual([
      'Cluster/radar-postgres (test) holds radar_ledger with dataDurability preferred: writes go on unreplicated while no standby answers',
    ]);
  });

  it('refuse waiting for as many standbys as the cluster has instances, and let a single instance go without a standby', () => {
    const single = world((spec) => {
      spec.instances = 1;
    });
    expect(postgresReplicationViolations(single, databases)).toEqual(['Cluster/radar-postgres (test) waits for 1 synchronous standbys with 0: every write would hang']);
    const singleWithoutStandby = world((spec) => {
      spec.instances = 1;
      delete spec.postgresql.synchronous;
    });
    expect(postgresReplicationViolations(singleWithoutStandby, databases)).toEqual([]);
  });

  it("refuse search's database in a cluster of the default C ctype (lower() would fold ASCII only) or another collation", () => {
    const defaults = world((spec) => {
      spec.bootstrap = { initdb: { database: 'radar_gateway', owner: 'radar' } };
    });
    expect(postgresReplicationViolations(defaults, databases)).toEqual([
      'Cluster/radar-postgres (test) holds radar_search with collation (the default), not C',
      'Cluster/radar-postgres (test) holds radar_search with ctype (the default, C), not a UTF-8 locale such as C.UTF-8',
      'Cluster/radar-postgres (test) holds radar_search with encoding (unset), not UTF8',
    ]);
  });

  it('refuse a cluster without an object store or a ScheduledBackup, and a Database outside a backed-up cluster', () => {
    const unscheduled = world((spec) => delete spec.backup).filter(({ object }) => object.kind !== 'ScheduledBackup');
    expect(postgresBackupViolations([...unscheduled, database('radar_export', 'elsewhere')])).toEqual([
      'Cluster/radar-postgres (test) ships no backups to an object store',
      'Cluster/radar-postgres (test) has no ScheduledBackup',
      'Database/radar-ledger (test) (radar_ledger) is in no backed-up cluster',
      'Database/radar-search (test) (radar_search) is in no backed-up cluster',
      'Database/radar-export (test) (radar_export) is in no backed-up cluster',
    ]);
  });
});
