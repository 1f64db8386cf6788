import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import type { IndexedCompany } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { exponentialBackOff } from '../src/back-off';
import type { FeedSource } from '../src/company-feed';
import { createElasticsearchCompanyIndex, type ElasticsearchCompanyIndexConfig } from '../src';
import { FakeCluster } from './fake-cluster';

/** Back-off that keeps the shape of production's (exponential, bounded) but waits milliseconds. */
export const QUICK_BACK_OFF = exponentialBackOff({ retries: 3, baseMs: 1, maxMs: 4 });

/** A logger whose entries a test can read. */
export function recordingLogger(): { logger: Logger; entries: { level: number; msg: string; [key: string]: unknown }[] } {
  const entries: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') entries.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), entries };
}

export const WARN = 40;

/**
 * The adapter on a fake cluster, as createCompanyIndex wires it (alias `companies`, a
 * production-like layout of 3 shards, 1 replica and a 30 s refresh), with quick back-offs.
 */
export function companyIndexOnFake(overrides: Partial<ElasticsearchCompanyIndexConfig> = {}, cluster = new FakeCluster()) {
  const { logger, entries } = recordingLogger();
  const index = createElasticsearchCompanyIndex({
    cluster: { node: 'http://127.0.0.1:9200' },
    indexName: 'companies',
    logger,
    layout: { shards: 3, replicas: 1, refreshInterval: '30s' },
    writeBackOff: QUICK_BACK_OFF,
    bulk: { itemBackOff: QUICK_BACK_OFF },
    Connection: cluster.connectionClass(),
    ...overrides,
  });
  return { cluster, index, logs: entries };
}

/** `count` companies with ids in sorted order (id-0000 ...), as the store lists them. */
export function storedCompanies(count: number): IndexedCompany[] {
  return Array.from({ length: count }, (_, position) => anIndexedCompany({ id: `id-${String(position).padStart(4, '0')}`, name: `Company ${position}` }));
}

/** The store as a feed reads it: in id order, `batchSize` companies at a time, after an id when given. */
export function storeSource(companies: IndexedCompany[], batchSize: number, dataVersion = 'load-1'): FeedSource & { readsAfter: (string | undefined)[] } {
  const readsAfter: (string | undefined)[] = [];
  return {
    count: companies.length,
    dataVersion,
    readsAfter,
    async *batches(afterId?: string) {
      readsAfter.push(afterId);
      const rest = afterId === undefined ? companies : companies.filter((company) => company.id > afterId);
      for (let start = 0; start < rest.length; start += batchSize) yield rest.slice(start, start + batchSize);
    },
  };
}
