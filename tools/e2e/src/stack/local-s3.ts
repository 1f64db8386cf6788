import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalS3Server, freePort, LOCAL_S3_CREDENTIALS } from '@radar/platform/testing';

/** Where the stack's export files go, and the settings the export service is given for it. */
export interface StackObjectStorage {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/**
 * The stack's object storage: the local S3-protocol server of `npm start` (s3rver behind the gate
 * of tools/stack/local-s3-server.cjs) on a free loopback port with files in a temporary folder.
 */
export async function startLocalS3(): Promise<{ storage: StackObjectStorage; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'radar-e2e-s3-'));
  const port = await freePort();
  const server = createLocalS3Server({ port, directory });
  await server.run();
  return {
    storage: { endpoint: `http://127.0.0.1:${port}`, ...LOCAL_S3_CREDENTIALS, bucket: 'radar-exports', region: 'us-east-1' },
    async stop() {
      const closing = server.close();
      server.httpServer.closeAllConnections();
      await closing;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
