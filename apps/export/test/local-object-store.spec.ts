import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { createLocalS3Server, LOCAL_S3_CREDENTIALS, type LocalS3Server } from '@radar/platform/testing';

/** The local object store of `npm start`, the e2e stack and these tests: what its gate lets through. */
describe('the local object store', () => {
  const bucket = 'radar-exports';
  const key = 'exports/workspace-a/export-1/attempt-1.csv';
  let directory: string;
  let server: LocalS3Server;
  let address: AddressInfo;
  let base: string;
  let client: Client;
  /** The store's clock, moved by the expiry test. */
  let now = Date.now();

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'radar-s3-gate-'));
    server = createLocalS3Server({ port: 0, directory, now: () => now });
    address = await server.run();
    base = `http://127.0.0.1:${address.port}`;
    client = new Client({ endPoint: '127.0.0.1', port: address.port, useSSL: false, pathStyle: true, region: 'us-east-1', ...LOCAL_S3_CREDENTIALS });
    await client.makeBucket(bucket, 'us-east-1');
    await client.putObject(bucket, key, Buffer.from('company_id,name\n'), 16, { 'Content-Type': 'text/csv' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  afterEach(() => {
    now = Date.now();
  });

  const presigned = () => client.presignedGetObject(bucket, key, 900);

  it('listens on 127.0.0.1 only', () => {
    expect(address.address).toBe('127.0.0.1');
  });

  it.each(['/radar-exports/?prefix=exports/', '/radar-exports', '/radar-exports?list-type=2', '/'])('refuses the unauthenticated listing GET %s with 403', async (target) => {
    const answer = await fetch(`${base}${target}`);
    expect(answer.status).toBe(403);
    const text = await answer.text();
    expect(text).toContain('<Code>AccessDenied</Code>');
    expect(text).not.toContain('attempt-1.csv');
  });

  it('refuses a listing even when the export service signs it', async () => {
    const listing = client.listObjectsV2(bucket, 'exports/', true);
    await expect(new Promise((resolve, reject) => listing.on('data', resolve).on('end', resolve).on('error', reject))).rejects.toThrow();
  });

  it("serves the export service's own signed requests: bucket, upload, read, size", async () => {
    expect(await client.bucketExists(bucket)).toBe(true);
    expect((await client.statObject(bucket, key)).size).toBe(16);
    const chunks: Buffer[] = [];
    for await (const chunk of await client.getObject(bucket, key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('company_id,name\n');
  });

  it('serves a presigned GET with no Authorization header', async () => {
    const answer = await fetch(await presigned());
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('company_id,name\n');
  });

  it('refuses an unsigned GET, PUT or DELETE of an object', async () => {
    expect((await fetch(`${base}/${bucket}/${key}`)).status).toBe(403);
    expect((await fetch(`${base}/${bucket}/${key}`, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
    expect((await fetch(`${base}/${bucket}/${key}`, { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(`${base}/${bucket}/other.csv`, { method: 'PUT', body: 'planted' })).status).toBe(403);
    expect((await client.statObject(bucket, key)).size).toBe(16);
  });

  it('refuses a presigned URL that was tampered with, signed by another key, or used for anything but GET', async () => {
    const url = new URL(await presigned());
    const tampered = (change: (copy: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy;
    };
    expect((await fetch(tampered((u) => u.searchParams.set('X-Amz-Expires', '604800')))).status).toBe(403);
    expect((await fetch(tampered((u) => (u.pathname = u.pathname.replace('attempt-1', 'attempt-2'))))).status).toBe(403);
    expect((await fetch(tampered((u) => u.searchParams.set('response-content-type', 'text/html')))).status).toBe(403);
    const stranger = new Client({ endPoint: '127.0.0.1', port: address.port, useSSL: false, pathStyle: true, region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'guessed' });
    expect((await fetch(await stranger.presignedGetObject(bucket, key, 900))).status).toBe(403);
    expect((await fetch(await client.presignedPutObject(bucket, key, 900), { method: 'PUT', body: 'overwritten' })).status).toBe(403);
  });

  it('refuses a presigned GET once it has expired', async () => {
    const url = await presigned();
    now = Date.now() + 901_000;
    expect((await fetch(url)).status).toBe(403);
  });

  it('refuses a request signed in the header with another secret', async () => {
    const stranger = new Client({ endPoint: '127.0.0.1', port: address.port, useSSL: false, pathStyle: true, region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'guessed' });
    await expect(stranger.statObject(bucket, key)).rejects.toThrow();
    await expect(stranger.putObject(bucket, 'planted.csv', Buffer.from('x'), 1)).rejects.toThrow();
  });
});
