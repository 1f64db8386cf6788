import { mkdtempSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSearchClient } from './cluster-client';
import { reloadingOnCaChange } from './reloading-client';
import { FakeCluster } from '../test/fake-cluster';

describe('a client that reloads its CA', () => {
  it('is rebuilt with the new CA when the file changes, and left alone while it does not', async () => {
    const caFile = path.join(mkdtempSync(path.join(tmpdir(), 'es-ca-')), 'ca.crt');
    writeFileSync(caFile, 'first CA');
    const cluster = new FakeCluster();
    const reloads: unknown[] = [];
    const reloading = reloadingOnCaChange(
      () => createSearchClient({ node: 'https://127.0.0.1:9200', caFile }, { requestTimeoutMs: 1_000, maxRetries: 0, Connection: cluster.connectionClass() }),
      caFile,
      (error) => reloads.push(error),
    );
    try {
      await reloading.client.indices.exists({ index: 'companies' });
      expect(reloading.checkCa()).toBe(false);

      writeFileSync(caFile, 'second CA, rotated');
      utimesSync(caFile, new Date(), new Date(Date.now() + 5_000));
      expect(reloading.checkCa()).toBe(true);
      await reloading.client.indices.exists({ index: 'companies' });

      expect(cluster.connections.map((connection) => String((connection.tls as { ca: Buffer }).ca))).toEqual(['first CA', 'second CA, rotated']);
      expect(reloads).toEqual([undefined]);
    } finally {
      reloading.stop();
    }
  });
});
