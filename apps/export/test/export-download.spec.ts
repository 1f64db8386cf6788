import type { Caller } from '@radar/contracts';
import { LOCAL_S3_CREDENTIALS } from '@radar/platform/testing/local-s3';
import { presignedSignatureValid, presignedValidity } from './support/presigned-url';
import { useExportWorld } from './support/export-world';

const credentials = { accessKeyId: LOCAL_S3_CREDENTIALS.accessKey, secretAccessKey: LOCAL_S3_CREDENTIALS.secretKey };

describe('POST /exports/{export_id}/download', () => {
  const world = useExportWorld();
  let caller: Caller;
  let exportId: string;
  beforeAll(async () => {
    caller = await world().workspace(1_000);
    const created = await world().create(caller, { name: 'Download me', search_filters: { countries: ['Germany'] } });
    exportId = created.body.export_job.id;
    expect((await world().finished(caller, exportId)).status).toBe('completed');
  }, 60_000);

  it('answers a presigned URL that a plain GET with no Authorization header fetches, named after the export', async () => {
    const download = await world().download(caller, exportId);
    expect(download.status).toBe(200);
    expect(download.body).toEqual({ download_url: expect.any(String), expires_at: expect.any(String) });
    const file = await fetch(download.body.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Download me.csv"');
    const text = await file.text();
    expect(text.startsWith('company_id,name,domain,')).toBe(true);
    const job = (await world().get(caller, `/exports/${exportId}`)).body;
    expect(Buffer.byteLength(text)).toBe(job.file_size_bytes);
  });

  it('signs the URL with SigV4: an independent signer agrees, and any tampering breaks the signature', async () => {
    const url = (await world().download(caller, exportId)).body.download_url as string;
    expect(presignedSignatureValid(url, credentials)).toBe(true);

    const tamper = (change: (url: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    expect(presignedSignatureValid(tamper((u) => u.searchParams.set('X-Amz-Expires', '86400')), credentials)).toBe(false);
    expect(presignedSignatureValid(tamper((u) => u.searchParams.set('X-Amz-Date', '20300101T000000Z')), credentials)).toBe(false);
    expect(presignedSignatureValid(tamper((u) => (u.pathname = u.pathname.replace('attempt-1.csv', 'attempt-2.csv'))), credentials)).toBe(false);
    expect(presignedSignatureValid(tamper((u) => u.searchParams.set('response-content-type', 'text/html')), credentials)).toBe(false);
    expect(presignedSignatureValid(url, { ...credentials, secretAccessKey: 'another-secret' })).toBe(false);
  });

  it('expires 15 minutes after the call: expires_at, and the signed date and lifetime of the URL', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const download = await world().download(caller, exportId);
    const after = Date.now();
    const { signedAt, expiresInSeconds } = presignedValidity(download.body.download_url);
    expect(expiresInSeconds).toBe(900);
    expect(signedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(signedAt.getTime()).toBeLessThanOrEqual(after);
    expect(Date.parse(download.body.expires_at)).toBe(signedAt.getTime() + 15 * 60_000);
  });

  it('gives a fresh URL on each call', async () => {
    const first = (await world().download(caller, exportId)).body.download_url;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = (await world().download(caller, exportId)).body.download_url;
    expect(second).not.toBe(first);
    expect(presignedSignatureValid(second, credentials)).toBe(true);
    expect((await fetch(second)).status).toBe(200);
  });

  it('refuses an unknown body field ({"ttl": 999999}) with 422 naming it, and takes an empty body or {}', async () => {
    const refused = await world().download(caller, exportId, { ttl: 999999 });
    expect(refused.status).toBe(422);
    expect(refused.body.detail.message).toContain('body field "ttl": unknown field');
    expect(refused.body.detail.details.errors).toEqual([{ field: 'ttl', message: 'unknown field' }]);
    expect((await world().download(caller, exportId, {})).status).toBe(200);
  });

  it('answers a NUL in the export id with 404 NOT_FOUND, for the download and the job alike', async () => {
    for (const id of ['%00', `${exportId}%00`]) {
      expect((await world().download(caller, id)).status).toBe(404);
      expect((await world().get(caller, `/exports/${id}`)).body.detail.code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 to another workspace, for the download and the job alike', async () => {
    const stranger = await world().workspace(10);
    const download = await world().download(stranger, exportId);
    expect(download.status).toBe(404);
    expect(download.body.detail.code).toBe('NOT_FOUND');
    expect((await world().get(stranger, `/exports/${exportId}`)).status).toBe(404);
  });

  it('answers 400 while the export is not completed', async () => {
    await world().s3.stop();
    try {
      const pending = await world().create(caller, { name: 'stuck', search_filters: { countries: ['France'] } });
      expect(pending.status).toBe(201);
      const refused = await world().download(caller, pending.body.export_job.id);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatchObject({ code: 'EXPORT_NOT_READY' });
      expect(['pending', 'processing']).toContain((await world().get(caller, `/exports/${pending.body.export_job.id}`)).body.status);
    } finally {
      await world().s3.restart();
    }
  });
});
