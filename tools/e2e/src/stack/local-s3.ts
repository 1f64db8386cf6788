import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from '@radar/platform/testing';

/** Where the stack's export files go, and the settings the export service is given for it. */
export interface StackObjectStorage {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/**
 * The stack's object storage: a local S3-protocol server (s3rver, as under `npm start`) on a free
 * port with files in a temporary folder. It does not verify presigned-URL signatures or expiry.
 */
export async function startLocalS3(): Promise<{ storage: StackObjectStorage; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'radar-e2e-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
  await server.run();
  return {
    // s3rver knows only its built-in key pair.
    storage: { endpoint: `http://127.0.0.1:${port}`, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'radar-exports', region: 'us-east-1' },
    async stop() {
      const closing = server.close();
      server.httpServer.closeAllConnections();
      await closing;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
