import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Client as S3Client } from 'minio';
import { EXPORT_MAX_COMPANIES, RPCS, type Caller, type ExportFormat, type ExportJob } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { startExportBenchStack } from './export-bench-stack';
import { operatorCall } from './operator-call';
import { prepareBenchDatabase } from './search-database';

export interface ExportBenchOptions {
  companies: number;
  seed: number;
  database: string;
  runs: number;
  /** The worker process's NODE_OPTIONS, as its Deployment sets them (k8s/base/export/worker-deployment.yaml). */
  workerNodeOptions: string;
}

/** The worker Deployment's NODE_OPTIONS (k8s/base/export/worker-deployment.yaml): a small heap that is collected early. */
const WORKER_NODE_OPTIONS = '--enable-source-maps --max-old-space-size=96 --max-semi-space-size=4';

/** `npm run bench -- export [--companies N] [--seed S] [--database NAME] [--runs R] [--worker-node-options "..."]` */
export function parseExportBenchOptions(args: string[]): ExportBenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      companies: { type: 'string' },
      seed: { type: 'string' },
      database: { type: 'string' },
      runs: { type: 'string' },
      'worker-node-options': { type: 'string' },
    },
    strict: true,
  });
  return {
    companies: Number(values.companies ?? 1_000_000),
    seed: Number(values.seed ?? 1),
    // The search benchmark's database: one load of the dataset serves both.
    database: values.database ?? 'radar_bench_search',
    runs: Number(values.runs ?? 3),
    workerNodeOptions: values['worker-node-options'] ?? WORKER_NODE_OPTIONS,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface ExportRun {
  format: ExportFormat;
  wallMs: number;
  createMs: number;
  job: ExportJob;
  /** CPU seconds each process spent on this export. */
  cpu: Record<string, number>;
}

/**
 * `npm run bench -- export`: POST /exports of 10,000 companies out of the whole index (no
 * filters: the first 10,000 in the default order), to `completed`, in CSV and JSON, each run in a
 * fresh workspace so every company is new and charged. Reports wall time, the worker process's
 * peak RSS, and the pieces measured alone: the id query, the row reads and the upload.
 */
export async function benchExport(options: ExportBenchOptions): Promise<void> {
  const database = await prepareBenchDatabase(options.database, options.seed, options.companies);
  const stack = await startExportBenchStack(database.url, options.workerNodeOptions);
  try {
    console.log(`${database.reused ? 'checking' : 'loading'} ${options.companies} companies (seed ${options.seed}) in ${options.database} ...`);
    const loadStarted = performance.now();
    await operatorCall(stack.search.url, stack.secrets.OPERATOR_SECRET, 'POST', '/dataset/load', { companies: options.companies, seed: options.seed });
    console.log(`dataset ready in ${seconds(performance.now() - loadStarted)}`);
    // After a load (or its check) search rebuilds what it keeps in memory in the background; measured
    // exports must not share the machine with that. Quiet: under 5% of a core for 3 s.
    const quietStarted = performance.now();
    for (let previous = stack.search.cpuSeconds(); performance.now() - quietStarted < 600_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const now = stack.search.cpuSeconds();
      if (now - previous < 0.15) break;
      previous = now;
    }
    console.log(`search idle after ${seconds(performance.now() - quietStarted)}`);
    const workerRssAtStart = stack.exportWorker.peakRssBytes();

    const callerOf = (workspaceId: string): Caller => ({ workspaceId, userId: randomUUID(), tokenId: randomUUID(), scope: 'read_write', role: 'owner' });
    const headers = (caller: Caller) => ({ ...signCaller(caller, stack.secrets.INTERNAL_SIGNING_SECRET), 'content-type': 'application/json' });
    const processes = { api: stack.exportApi, worker: stack.exportWorker, search: stack.search, ledger: stack.ledger };
    const cpuNow = () => ({
      ...Object.fromEntries(Object.entries(processes).map(([name, service]) => [name, service.cpuSeconds()])),
      'bench+s3': process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    });
    const exportOnce = async (format: ExportFormat): Promise<ExportRun> => {
      const caller = callerOf(randomUUID());
      const cpuBefore = cpuNow();
      await stack.client.request(RPCS.ledger.grant, { workspaceId: caller.workspaceId, amount: EXPORT_MAX_COMPANIES, reason: 'grant', reference: `bench:${randomUUID()}` });
      const started = performance.now();
      const response = await fetch(`${stack.exportApi.url}/exports`, {
        method: 'POST',
        headers: headers(caller),
        body: JSON.stringify({ name: `bench ${format}`, search_filters: {}, export_format: format }),
      });
      const created = (await response.json()) as { export_job: { id: string }; requested_count: number };
      const createMs = performance.now() - started;
      if (response.status !== 201) throw new Error(`POST /exports answered ${response.status}: ${JSON.stringify(created)}`);
      for (;;) {
        const polled = await fetch(`${stack.exportApi.url}/exports/${created.export_job.id}`, { headers: headers(caller) });
        const job = (await polled.json()) as ExportJob;
        if (job.status === 'completed') {
          const wallMs = performance.now() - started;
          const cpuAfter = cpuNow();
          const cpu = Object.fromEntries(Object.entries(cpuAfter).map(([name, value]) => [name, value - (cpuBefore[name as keyof typeof cpuBefore] ?? 0)]));
          return { format, wallMs, createMs, job, cpu };
        }
        if (job.status === 'failed') throw new Error(`export failed: ${job.failure_reason}\n${stack.exportWorker.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    // One unmeasured export warms each process (connections, statement plans, the search's columns).
    await exportOnce('csv');
    const runs: ExportRun[] = [];
    for (const format of ['csv', 'json'] as const) {
      for (let run = 0; run < options.runs; run += 1) {
        const result = await exportOnce(format);
        runs.push(result);
        const { job } = result;
        const queued = Date.parse(job.started_at ?? job.created_at) - Date.parse(job.created_at);
        const writing = Date.parse(job.completed_at ?? job.created_at) - Date.parse(job.started_at ?? job.created_at);
        console.log(
          `${format} run ${run + 1}: ${seconds(result.wallMs)} to completed (create answered in ${seconds(result.createMs)}, ` +
            `queued ${seconds(queued)}, file written in ${seconds(writing)}), ${job.total_records} rows, ${megabytes(job.file_size_bytes ?? 0)}; ` +
            `CPU ${Object.entries(result.cpu).map(([name, value]) => `${name} ${value.toFixed(2)} s`).join(', ')}`,
        );
      }
    }
    const workerPeak = stack.exportWorker.peakRssBytes();

    // The pieces alone, as the service does them.
    const benchCaller = callerOf(randomUUID());
    const idQueries: number[] = [];
    let ids: string[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const started = performance.now();
      const candidates = await stack.client.request(
        RPCS.search.exportCandidates,
        { workspaceId: benchCaller.workspaceId, source: { type: 'search', filters: {} }, max: EXPORT_MAX_COMPANIES },
        { timeoutMs: 60_000 },
      );
      idQueries.push(performance.now() - started);
      ids = candidates.companyIds;
    }
    const rowReads: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const started = performance.now();
      for (let offset = 0; offset < ids.length; offset += 500) {
        await stack.client.request(RPCS.search.companyRows, { companyIds: ids.slice(offset, offset + 500) }, { timeoutMs: 60_000 });
      }
      rowReads.push(performance.now() - started);
    }
    const storage = new URL(stack.storage.endpoint);
    const s3 = new S3Client({ endPoint: storage.hostname, port: Number(storage.port), useSSL: false, accessKey: stack.storage.accessKey, secretKey: stack.storage.secretKey, region: stack.storage.region, pathStyle: true });
    const uploads: number[] = [];
    const csvBytes = median(runs.filter((run) => run.format === 'csv').map((run) => run.job.file_size_bytes ?? 0));
    const file = Buffer.alloc(csvBytes, 'a');
    for (let run = 0; run < options.runs; run += 1) {
      const started = performance.now();
      await s3.putObject(stack.storage.bucket, `bench/upload-${run}`, file, csvBytes);
      uploads.push(performance.now() - started);
    }

    const medianOf = (format: ExportFormat) => median(runs.filter((run) => run.format === format).map((run) => run.wallMs));
    console.log(`
export of ${EXPORT_MAX_COMPANIES} companies out of ${options.companies}, medians of ${options.runs} runs:
  CSV:  ${seconds(medianOf('csv'))} from POST /exports to completed
  JSON: ${seconds(medianOf('json'))} from POST /exports to completed
  worker peak RSS: ${megabytes(workerPeak)} (at start ${megabytes(workerRssAtStart)}; NODE_OPTIONS ${options.workerNodeOptions || '(none)'})
  CPU per export (median): ${Object.keys(runs[0]?.cpu ?? {}).map((name) => `${name} ${median(runs.map((run) => run.cpu[name] ?? 0)).toFixed(2)} s`).join(', ')}
pieces, each alone:
  id query (10,000 ids in sort order, search over NATS): ${seconds(median(idQueries))}
  row reads (20 batches of 500 company rows, one after another): ${seconds(median(rowReads))}
  upload of ${megabytes(csvBytes)} to the local S3 server: ${seconds(median(uploads))}`);
  } finally {
    await stack.stop();
  }
}
