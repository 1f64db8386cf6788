import { startStackObjectStorage } from '@radar/e2e';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure } from '@radar/platform/testing';
import { benchServices } from './bench-services';

/**
 * What an export touches, each a built process in one NATS namespace: search on the benchmark's
 * database, the ledger and the export service's database fresh, the export API and its worker as
 * separate processes (so the worker's memory is its own), and a local S3 server.
 */
export async function startExportBenchStack(searchDatabaseUrl: string, workerNodeOptions: string) {
  const services = benchServices();
  const s3 = await startStackObjectStorage();
  const storageEnv = {
    S3_ENDPOINT: s3.storage.endpoint,
    S3_ACCESS_KEY: s3.storage.accessKey,
    S3_SECRET_KEY: s3.storage.secretKey,
    S3_BUCKET: s3.storage.bucket,
  };
  const stop = async () => {
    await services.stop();
    await s3.stop();
  };

  try {
    const ledger = await services.start('ledger');
    // The benchmark's database was migrated before the start (search-database.ts); at 13 million
    // companies search takes a while to be ready.
    const search = await services.start('search', { databaseUrl: searchDatabaseUrl, env: { RUN_MIGRATIONS: 'false' }, readyWithinMs: 120_000 });
    const exportApi = await services.start('export', { env: { ...storageEnv, EXPORT_ROLE: 'api' } });
    const exportWorker = await services.start('export', {
      databaseUrl: exportApi.databaseUrl,
      env: { ...storageEnv, EXPORT_ROLE: 'worker', RUN_MIGRATIONS: 'false', NODE_OPTIONS: workerNodeOptions },
    });
    const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-client', namespace: services.namespace, logger: silentLogger() });
    return {
      namespace: services.namespace,
      secrets: services.secrets,
      storage: s3.storage,
      ledger,
      search,
      exportApi,
      exportWorker,
      client,
      async stop() {
        await client.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
